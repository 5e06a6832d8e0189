import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeRecipeCard, makeUser } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { ProfilePage } from './profile-page';

describe('ProfilePage', () => {
  it("a rename shows on the owner's recipe cards at once, without a reload", async () => {
    // What the server holds: the cards say 'by' whatever the name is when they are asked for.
    let name = 'Ada Before';
    const me = () => makeUser({ _id: 'me', name });
    mockFetch((url, init) => {
      if (url.pathname === '/api/v1/users/update-details' && init?.method === 'PATCH') {
        name = (JSON.parse(String(init.body)) as { name: string }).name;
        return ok({ user: me() });
      }
      if (url.pathname === '/api/v1/users/me') return ok({ user: me() });
      if (url.pathname === '/api/v1/recipes/created-recipes/me') {
        return ok({ recipes: [makeRecipeCard({ _id: 'r1', title: 'Tomato soup', author: { _id: 'me', name } })] });
      }
      if (url.pathname === '/api/v1/recipes/saved-recipes') return ok({ recipes: [] });
      return fail(404, 'Not found');
    });
    const { store } = renderScreen(<ProfilePage />, { path: '/users/profile/:userId', url: '/users/profile/me' });
    logIn(store, me());

    const created = await screen.findByRole('list', { name: 'Created recipes' });
    expect(await within(created).findByText('by Ada Before')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByText('Edit name'));
    const field = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(field);
    await user.type(field, 'Ada After');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await within(created).findByText('by Ada After')).toBeInTheDocument();
    expect(within(created).queryByText('by Ada Before')).not.toBeInTheDocument();
  });
});
