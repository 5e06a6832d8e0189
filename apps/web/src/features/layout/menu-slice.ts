import { createSlice } from '@reduxjs/toolkit';

export interface MenuState {
  show: boolean;
}

export const initialMenuState: MenuState = { show: false };

export const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {
    openMenu: (state) => {
      state.show = true;
    },
    closeMenu: (state) => {
      state.show = false;
    },
  },
});

export const { openMenu, closeMenu } = menuSlice.actions;
export const selectMenuShown = (state: { menu: MenuState }) => state.menu.show;
