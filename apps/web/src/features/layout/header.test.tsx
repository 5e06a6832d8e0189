import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { location, renderScreen } from '@/test/render';
import { Header } from './header';

/** A window whose width the test sets; every media query follows it and tells its listeners, as a browser does. */
function stubWindowWidth(initialWidth: number) {
  let width = initialWidth;
  const queries: { list: MediaQueryList; listeners: Set<(event: MediaQueryListEvent) => void> }[] = [];
  const matchesAt = (query: string) => {
    const minWidth = /min-width:\s*(\d+)px/.exec(query);
    if (!minWidth) throw new Error(`this stub only understands min-width queries, not ${query}`);
    return width >= Number(minWidth[1]);
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    const list = {
      get matches() {
        return matchesAt(query);
      },
      media: query,
      addEventListener: (_type: 'change', listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: 'change', listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
    } as unknown as MediaQueryList;
    queries.push({ list, listeners });
    return list;
  });
  return {
    resizeTo(newWidth: number) {
      const before = queries.map(({ list }) => list.matches);
      width = newWidth;
      act(() => {
        queries.forEach(({ list, listeners }, index) => {
          if (list.matches === before[index]) return;
          const event = { matches: list.matches, media: list.media } as MediaQueryListEvent;
          listeners.forEach((listener) => listener(event));
        });
      });
    },
  };
}

const stubMatchMedia = (desktop: boolean) => stubWindowWidth(desktop ? 1024 : 390);

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

  it('a menu opened in a window wider than the phone layout closes at once', async () => {
    stubMatchMedia(true);
    const user = userEvent.setup();
    const { store } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(store.getState().menu.show).toBe(false);
  });

  it('follows the window across 640 px: the open menu closes when the window grows past the phone layout', async () => {
    const viewport = stubWindowWidth(390);
    document.body.style.overflow = 'auto';
    const user = userEvent.setup();
    const { store } = renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    const menu = screen.getByRole('dialog', { name: 'Menu', hidden: true });
    expect(menu).toHaveAttribute('open');

    // 640 px is still the phone layout.
    viewport.resizeTo(640);
    expect(store.getState().menu.show).toBe(true);
    expect(menu).toHaveAttribute('open');

    viewport.resizeTo(641);
    expect(store.getState().menu.show).toBe(false);
    expect(menu).not.toHaveAttribute('open');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('auto');

    // Back in the phone layout the menu stays closed until it is opened again.
    viewport.resizeTo(390);
    expect(store.getState().menu.show).toBe(false);
    await user.click(button);
    expect(store.getState().menu.show).toBe(true);
  });

  it('the phone search button asks the app to focus the search', async () => {
    stubMatchMedia(false);
    const user = userEvent.setup();
    const { onSearchButton } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Search recipes' }));
    expect(onSearchButton).toHaveBeenCalledTimes(1);
  });
});
