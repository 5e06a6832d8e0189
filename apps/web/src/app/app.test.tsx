import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthBootstrap } from '@/features/auth/auth-bootstrap';
import { allowConsoleError } from '@/test/console';
import { deferred, fail, mockFetch, ok } from '@/test/fetch-mock';
import { makeRecipeList, makeUser } from '@/test/factories';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes, startEarly } from './router';
import { createStore } from './store';

function renderApp(url: string) {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <AuthBootstrap>
          <AppRoutes />
        </AuthBootstrap>
      </MemoryRouter>
    </Provider>,
  );
  return { store };
}

const emptyList = ok(makeRecipeList());

/** The readable cookie the server sets next to its session cookies (docs/decisions/009). */
function withSessionHint() {
  document.cookie = 'signedIn=1; Path=/';
}

afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('the app shell', () => {
  it('starts a visitor without session cookies logged out, without a call that can only fail', async () => {
    const fetchMock = mockFetch(() => emptyList);
    const { store } = renderApp('/recipes');
    // The first test pays for loading the page's chunk cold.
    expect(await screen.findByRole('heading', { name: 'All Recipes' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/v1/users/current');
  });

  it('shows a loading screen while the current user is checked', async () => {
    allowConsoleError();
    withSessionHint();
    const current = deferred();
    mockFetch((url) => (url.pathname.endsWith('/users/current') ? current.promise : emptyList));
    renderApp('/recipes');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    current.resolve(fail(401, 'Please log in to continue'));
    expect(await screen.findByRole('heading', { name: 'All Recipes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signup' })).toBeInTheDocument();
    // The session is gone: the next start-up does not ask again.
    expect(document.cookie).not.toContain('signedIn=1');
  });

  it("refreshes an expired session on start-up and stays logged in ('jwt expired')", async () => {
    withSessionHint();
    const user = makeUser();
    let currentCalls = 0;
    const fetchMock = mockFetch((url) => {
      if (url.pathname.endsWith('/users/current')) {
        currentCalls += 1;
        return currentCalls === 1 ? fail(401, 'jwt expired') : ok({ user });
      }
      if (url.pathname.endsWith('/users/refresh-token')) return ok({ user });
      return emptyList;
    });
    const { store } = renderApp('/recipes');
    expect(await screen.findByRole('link', { name: `Your profile (${user.name})` })).toBeInTheDocument();
    expect(store.getState().auth.isLoggedIn).toBe(true);
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.slice(0, 3)).toEqual([
      '/api/v1/users/current',
      '/api/v1/users/refresh-token',
      '/api/v1/users/current',
    ]);
  });

  it("shows the router's 404 for an unmatched URL inside the header and footer", async () => {
    allowConsoleError();
    mockFetch(() => fail(401, 'Please log in to continue'));
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    // The spec's words, not as raw monospace text.
    expect(screen.getByText('No route matches URL "/no/such/page"')).not.toHaveClass('font-mono');
    // A designed page: a search box of its own (phones keep the header's behind the menu) and the ways on.
    const page = screen.getByRole('main');
    expect(within(page).getByRole('combobox', { name: 'Search recipes' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Back to the kitchen' })).toHaveAttribute('href', '/');
    expect(within(page).getByRole('link', { name: 'Browse all recipes' })).toHaveAttribute('href', '/recipes');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText(/^No copyright 2024-\d{4}$/)).toBeInTheDocument();
  });

  it('shows the login screen on a page that needs login', async () => {
    allowConsoleError();
    mockFetch(() => fail(401, 'Please log in to continue'));
    renderApp('/add-recipe');
    // The form's chunk loads cold here, which a loaded machine can take over a second for.
    expect(await screen.findByRole('heading', { name: 'Please log in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('highlights the active main navigation entry, in the spec order', async () => {
    allowConsoleError();
    mockFetch((url) => (url.pathname.endsWith('/users/current') ? fail(401, 'Please log in') : emptyList));
    renderApp('/recipes');
    await screen.findByRole('heading', { name: 'All Recipes' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['home', 'recipes', 'features', 'about']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/recipes', '/features', '/about']);
    expect(links[1]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).not.toHaveAttribute('aria-current');
  });

  it('footer: four social links in new tabs and placeholder columns', async () => {
    allowConsoleError();
    mockFetch((url) => (url.pathname.endsWith('/users/current') ? fail(401, 'Please log in') : emptyList));
    renderApp('/about');
    await screen.findByRole('heading', { name: 'A shared kitchen notebook' });
    const social = screen.getAllByRole('link', { name: /opens in a new tab/ });
    expect(social).toHaveLength(4);
    for (const link of social) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    for (const name of ['Dinner', 'meals', 'ingredients', 'occasions', 'Cuisines', 'About Us', 'Careers']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '#');
    }
    expect(screen.getByRole('heading', { name: 'Follow us' })).toBeInTheDocument();
    expect(screen.getByText(`No copyright 2024-${new Date().getFullYear()}`)).toBeInTheDocument();
  });
});

describe('route errors', () => {
  it("shows 'Oops!' for an unexpected error thrown by a page", async () => {
    allowConsoleError();
    function Broken(): never {
      throw new Error('The oven caught fire');
    }
    render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="/">
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
    expect(screen.getByText('The oven caught fire')).toBeInTheDocument();
  });

  it('leaves the error behind when the reader goes to another page', async () => {
    allowConsoleError();
    function Broken(): never {
      throw new Error('The oven caught fire');
    }
    function Pages() {
      const { pathname } = useLocation();
      return (
        <RouteErrorBoundary resetKey={pathname}>
          <Routes>
            <Route path="/" element={<Broken />} />
            <Route path="/fine" element={<p>All good</p>} />
          </Routes>
        </RouteErrorBoundary>
      );
    }
    render(
      <MemoryRouter>
        <Link to="/fine">Somewhere else</Link>
        <Pages />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oops!' })).not.toBeInTheDocument();
  });
});

describe('start-up', () => {
  it("requests a data page's first data (a recipe's first reviews too) at once, and nothing for other pages", () => {
    const fetchMock = mockFetch(() => emptyList);
    startEarly(new URL('http://localhost/about'));
    expect(fetchMock).not.toHaveBeenCalled();
    startEarly(new URL('http://localhost/recipes?page=3'));
    startEarly(new URL('http://localhost/view-recipe/r%201'));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/v1/recipes/all?page=2&limit=24',
      '/api/v1/recipes/r%201/view-recipe',
      '/api/v1/reviews/view-all/r%201?page=1',
    ]);
  });
});
