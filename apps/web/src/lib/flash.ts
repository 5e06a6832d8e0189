import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * A message that outlives a navigation: said on one page ('Account deleted successfully' on the profile), shown on
 * the next (the landing page), once.
 */
export interface FlashState {
  message: string | null;
}

export const flashSlice = createSlice({
  name: 'flash',
  initialState: { message: null } as FlashState,
  reducers: {
    flashed: (state, action: PayloadAction<string>) => {
      state.message = action.payload;
    },
    flashTaken: (state) => {
      state.message = null;
    },
  },
});

export const { flashed, flashTaken } = flashSlice.actions;

/**
 * Whether a message waits for the page about to show it. The code that shows one (use-flash.ts and its status box)
 * loads only then: the landing page's start-up bundle stays without it (issue 15).
 */
export const selectFlashWaiting = (state: { flash: FlashState }): boolean => state.flash.message !== null;
