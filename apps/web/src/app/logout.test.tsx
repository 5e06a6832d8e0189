import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionCleared } from '@/lib/session';
import { makeRecipeCard, makeUser } from '@/test/factories';
import { renderApp } from '@/test/app';
import { fail, mockFetch, ok } from '@/test/fetch-mock';

const cook = makeUser({ _id: 'cook', name: 'Ada' });

/** The server: the profile's answers need the session, which logout (or deleting the account) ends. */
function serve() {
  let session = true;
  const fetchMock = mockFetch((url, init) => {
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/users/logout' && init?.method === 'POST') {
      session = false;
      return ok(null);
    }
    if (path === '/recipes/random-recipes') return ok({ recipes: [makeRecipeCard()] });
    if (!session) return fail(401, 'Please log in to continue');
    if (path === '/users/current' || path === '/users/cook') return ok({ user: cook });
    if (path === '/recipes/created-recipes/cook') return ok({ recipes: [makeRecipeCard({ title: 'Tomato soup' })] });
    if (path === '/recipes/saved-recipes') return ok({ recipes: [] });
    return fail(404, 'Route not found');
  });
  return {
    fetchMock,
    endSession: () => {
      session = false;
    },
    /** The requests made since `from` calls. */
    callsSince: (from: number) => fetchMock.mock.calls.slice(from).map(([input]) => String(input)),
  };
}

let here: () => Location;

function renderProfile() {
  document.cookie = 'signedIn=1; Path=/';
  const app = renderApp('/users/profile/cook');
  here = app.here;
  return app.store;
}

afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('when the session ends on a page that needs it', () => {
  it('Logout goes to the landing page and asks nothing more of the old profile (no 401)', async () => {
    const server = serve();
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada' }, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByText('Tomato soup');
    const before = server.fetchMock.mock.calls.length;

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(here().pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    // Give any stale refetch the chance to go out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'Please log in' })).not.toBeInTheDocument();
    const after = server.callsSince(before);
    expect(after).toContain('/api/v1/users/logout');
    expect(after.filter((url) => /\/users\/cook|created-recipes|saved-recipes/.test(url))).toEqual([]);
  });

  it('a session cleared elsewhere (account deleted, refresh failed) drops the profile without refetching it', async () => {
    const server = serve();
    const store = renderProfile();
    await screen.findByText('Tomato soup', {}, { timeout: 5000 });
    const before = server.fetchMock.mock.calls.length;

    server.endSession();
    act(() => {
      store.dispatch(sessionCleared());
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.callsSince(before)).toEqual([]);
    // Nothing of the old user is kept for whoever logs in next.
    const queries = Object.values(store.getState().api?.queries ?? {}).map((query) => query?.endpointName);
    expect(queries).not.toContain('getSavedRecipes');
    expect(queries).not.toContain('getUser');
  });
});
