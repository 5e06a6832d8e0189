import { shoppingListMessages, type ShoppingItem } from '@forkful/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipe, makeShoppingItem } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { AddToShoppingList } from './add-to-shopping-list';
import { shoppingListApi } from './shopping-list-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** POST /shopping-list/from-recipe as the contract says: a replayed clientId adds nothing (changed 0). */
function serveFromRecipe({ refuse }: { refuse?: string } = {}) {
  const bodies: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  let items: ShoppingItem[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/v1/shopping-list/from-recipe' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      if (refuse) return fail(404, refuse);
      const replay = seen.has(String(body.clientId));
      seen.add(String(body.clientId));
      if (!replay)
        items = [
          ...items,
          makeShoppingItem({
            _id: `s${items.length + 1}`,
            text: '600 g tomatoes',
            sources: [{ recipeId: 'r1', title: 'Tomato soup' }],
          }),
          makeShoppingItem({
            _id: `s${items.length + 2}`,
            text: '3 onions',
            sources: [{ recipeId: 'r1', title: 'Tomato soup' }],
          }),
        ];
      return ok({ items, changed: replay ? 0 : 2 }, replay ? 200 : 201);
    }
    return fail(404, 'Not found');
  });
  return { bodies };
}

function renderButton(servings: number | null = 4) {
  const recipe = makeRecipe({ _id: 'r1', title: 'Tomato soup', servings });
  const view = renderScreen(<AddToShoppingList recipe={recipe} />, {
    path: '/view-recipe/:recipeId',
    url: '/view-recipe/r1',
  });
  logIn(view.store);
  return { ...view, user: userEvent.setup() };
}

describe('AddToShoppingList (recipe page)', () => {
  it("adds the recipe's ingredients at the servings chosen, and says so with a link to the list", async () => {
    const server = serveFromRecipe();
    const { user, store } = renderButton(4);
    await user.click(screen.getByRole('button', { name: 'Add to shopping list' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to shopping list' });
    const servings = within(dialog).getByRole('spinbutton', { name: 'Servings' });
    expect(servings).toHaveValue(4);
    await user.clear(servings);
    await user.type(servings, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));

    expect(await screen.findByText(/Tomato soup: 2 lines added to the shopping list/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the shopping list' })).toHaveAttribute('href', '/shopping-list');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.bodies).toEqual([{ recipeId: 'r1', servings: 6, clientId: expect.stringMatching(UUID) }]);
    // The answer is the whole list: the list's cache holds it without another request.
    const selectList = shoppingListApi.endpoints.getShoppingList.select();
    // The test store's type does not name the list's injected endpoints.
    const cached = selectList(store.getState() as Parameters<typeof selectList>[0]);
    expect(cached.data?.items.map((item) => item.text)).toEqual(['600 g tomatoes', '3 onions']);
  });

  it('leaves servings out when left empty (the recipe as written) and refuses servings out of range', async () => {
    const server = serveFromRecipe();
    const { user } = renderButton(null);
    await user.click(screen.getByRole('button', { name: 'Add to shopping list' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to shopping list' });
    const servings = within(dialog).getByRole('spinbutton', { name: /Servings/ });
    expect(servings).toHaveValue(null);

    await user.type(servings, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(within(dialog).getByText(shoppingListMessages.servingsInvalid)).toBeInTheDocument();
    expect(servings).toHaveAttribute('aria-invalid', 'true');
    expect(server.bodies).toEqual([]);

    await user.clear(servings);
    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText(/2 lines added/)).toBeInTheDocument();
    expect(server.bodies).toEqual([{ recipeId: 'r1', servings: null, clientId: expect.stringMatching(UUID) }]);
  });

  it("keeps the dialog open with the server's reason when the recipe is gone", async () => {
    allowConsoleError(); // the transport logs the failed call
    serveFromRecipe({ refuse: shoppingListMessages.recipeNotFound });
    const { user } = renderButton(4);
    await user.click(screen.getByRole('button', { name: 'Add to shopping list' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to shopping list' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(await within(dialog).findByText(shoppingListMessages.recipeNotFound)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add to shopping list' })).toBeInTheDocument();
  });
});
