import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeRecipe, makeUser } from '@/test/factories';
import { mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { EditRecipePage } from './edit-recipe-page';

const recipe = makeRecipe({
  _id: 'r1',
  author: { _id: 'author', name: 'Grace Hopper' },
  servings: 4,
  yieldText: '12 pancakes',
  ingredients: ['1 1/2 cups flour'],
});

describe('EditRecipePage', () => {
  it('shows the servings and yield, and sends them (an emptied servings field clears the count)', async () => {
    const fetchMock = mockFetch((url) => (url.pathname.endsWith('/view-recipe') ? ok(recipe) : ok(recipe)));
    const view = renderScreen(<EditRecipePage />, {
      path: '/edit-recipe/:recipeId',
      url: '/edit-recipe/r1',
      extraRoutes: [{ path: '/view-recipe/:id', element: <p>recipe</p> }],
    });
    logIn(view.store, makeUser({ _id: 'author' }));
    const user = userEvent.setup();
    const servings = await screen.findByLabelText(/^Servings/);
    expect(servings).toHaveValue('4');
    expect(screen.getByLabelText(/^Yield/)).toHaveValue('12 pancakes');

    await user.clear(servings);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(location(view.router)).toBe('/view-recipe/r1'));
    const update = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(update?.[1]?.body))).toMatchObject({ servings: null, yieldText: '12 pancakes' });
  });
});
