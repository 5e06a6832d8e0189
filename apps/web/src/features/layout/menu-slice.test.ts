import { describe, expect, it } from 'vitest';
import { closeMenu, initialMenuState, menuSlice, openMenu } from './menu-slice';

describe('menu slice', () => {
  it('starts closed; open sets show true and close sets it false', () => {
    expect(menuSlice.reducer(undefined, { type: '@@init' })).toEqual({ show: false });
    const open = menuSlice.reducer(initialMenuState, openMenu());
    expect(open).toEqual({ show: true });
    expect(menuSlice.reducer(open, closeMenu())).toEqual({ show: false });
    expect(menuSlice.reducer(initialMenuState, closeMenu())).toEqual({ show: false });
  });
});
