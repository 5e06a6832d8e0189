import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { location, renderScreen } from '@/test/render';
import { Header } from './header';

function stubMatchMedia(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderHeader() {
  const onSearchButton = vi.fn();
  const view = renderScreen(
    <Header
      search={<input aria-label="desktop search" />}
      account={<span>account</span>}
      menuSearch={<input aria-label="menu search" />}
      menuAccount={<span>menu account</span>}
      onSearchButton={onSearchButton}
    />,
    { extraRoutes: [{ path: '/recipes', element: <p>recipes</p> }] },
  );
  return { ...view, onSearchButton };
}

describe('Header and the phone menu', () => {
  it('opens the full-screen menu, locks page scroll, and a nav click closes it and restores scroll', async () => {
    stubMatchMedia(false);
    document.body.style.overflow = 'auto';
    const user = userEvent.setup();
    const { store, router } = renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(store.getState().menu.show).toBe(true);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    const menu = screen.getByRole('dialog', { name: 'Menu', hidden: true });
    expect(within(menu).getByLabelText('menu search')).toBeInTheDocument();

    await user.click(within(menu).getByRole('link', { name: 'recipes', hidden: true }));
    expect(store.getState().menu.show).toBe(false);
    expect(document.body.style.overflow).toBe('auto');
    expect(location(router)).toBe('/recipes');
  });

  it('the close button closes the menu', async () => {
    stubMatchMedia(false);
    const user = userEvent.setup();
    const { store } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu', hidden: true }));
    expect(store.getState().menu.show).toBe(false);
  });

  it('closes the menu when the window grows past the phone layout', async () => {
    stubMatchMedia(true);
    const user = userEvent.setup();
    const { store } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(store.getState().menu.show).toBe(false);
  });

  it('the phone search button asks the app to focus the search', async () => {
    stubMatchMedia(false);
    const user = userEvent.setup();
    const { onSearchButton } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Search recipes' }));
    expect(onSearchButton).toHaveBeenCalledTimes(1);
  });
});
