import { shoppingListMessages, type ShoppingItem } from '@forkful/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRecipeCard, makeShoppingItem } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { Component as ShoppingListRoute } from './shopping-list-route';

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

/** The list, the recipe search, Saved Recipes, and from-recipe adding the recipe's lines. */
function serve() {
  let items: ShoppingItem[] = [makeShoppingItem({ _id: 's1', text: 'Dish soap' })];
  const calls: string[] = [];
  const seen = new Set<string>();
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (url.pathname === '/api/v1/shopping-list' && method === 'GET') return ok({ items });
    if (url.pathname === '/api/v1/recipes/search')
      return ok({
        recipes: [
          { _id: 'r7', title: 'Shakshuka' },
          { _id: 'r8', title: 'Shakshuka verde' },
        ],
      });
    if (url.pathname === '/api/v1/recipes/saved-recipes')
      return ok({ recipes: [makeRecipeCard({ _id: 'r9', title: 'Banana bread' })] });
    if (url.pathname === '/api/v1/shopping-list/from-recipe' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { recipeId: string; clientId: string };
      // The contract's sync rule: a replayed clientId adds nothing.
      if (seen.has(body.clientId)) return ok({ items, changed: 0 });
      seen.add(body.clientId);
      const title = body.recipeId === 'r9' ? 'Banana bread' : 'Shakshuka';
      items = [
        ...items,
        makeShoppingItem({
          _id: `s${items.length + 1}`,
          text: `3 eggs for ${title}`,
          sources: [{ recipeId: body.recipeId, title }],
        }),
      ];
      return ok({ items, changed: 1 }, 201);
    }
    return fail(404, 'Not found');
  });
  return { calls };
}

function renderList() {
  const view = renderScreen(<ShoppingListRoute />, { path: '/shopping-list' });
  logIn(view.store);
  return { ...view, user: userEvent.setup() };
}

const fromRecipeCalls = (calls: string[]) =>
  calls.filter((call) => call.startsWith('POST /api/v1/shopping-list/from-recipe'));

/** 'Add a recipe…', the Saved recipes tab, and a click on the saved recipe `title`. */
async function addSavedRecipe(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: 'Add a recipe…' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a recipe to the list' });
  await user.click(within(dialog).getByRole('tab', { name: 'Saved recipes' }));
  const saved = await within(dialog).findByRole('list', { name: 'Saved recipes' });
  await user.click(within(saved).getByRole('button', { name: title }));
}

describe('Shopping list page: add a recipe', () => {
  it('adds a recipe found by title at chosen servings, and the new lines show', async () => {
    const { calls } = serve();
    const { user } = renderList();
    await screen.findByRole('checkbox', { name: 'Dish soap' });
    await user.click(screen.getByRole('button', { name: 'Add a recipe…' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a recipe to the list' });
    await user.type(within(dialog).getByRole('spinbutton', { name: /Servings/ }), '3');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Recipe title' }), 'shak');
    await user.click(await within(dialog).findByRole('button', { name: 'Shakshuka' }));

    expect(await screen.findByText('Shakshuka: 1 line added to the shopping list')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fromRecipeCalls(calls)).toEqual([
      expect.stringMatching(
        /^POST \/api\/v1\/shopping-list\/from-recipe \{"recipeId":"r7","servings":3,"clientId":"[0-9a-f-]{36}"\}$/,
      ),
    ]);
    expect(screen.getByRole('checkbox', { name: '3 eggs for Shakshuka' })).toBeInTheDocument();
  });

  it('adds one of the saved recipes at its own servings', async () => {
    const { calls } = serve();
    const { user } = renderList();
    await addSavedRecipe(user, 'Banana bread');

    expect(await screen.findByText('Banana bread: 1 line added to the shopping list')).toBeInTheDocument();
    expect(fromRecipeCalls(calls)).toEqual([expect.stringContaining('{"recipeId":"r9","servings":null,')]);
  });

  it('adds the same recipe again when it is picked again in a new opening (a new clientId each time)', async () => {
    const { calls } = serve();
    const { user } = renderList();
    for (const round of [1, 2]) {
      await addSavedRecipe(user, 'Banana bread');
      expect(await screen.findByText('Banana bread: 1 line added to the shopping list')).toBeInTheDocument();
      expect(fromRecipeCalls(calls)).toHaveLength(round);
    }
    const ids = fromRecipeCalls(calls).map((call) => /"clientId":"([^"]+)"/.exec(call)?.[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it('refuses servings out of range and sends nothing', async () => {
    const { calls } = serve();
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Add a recipe…' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a recipe to the list' });
    await user.type(within(dialog).getByRole('spinbutton', { name: /Servings/ }), '0');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Recipe title' }), 'shak');
    await user.click(await within(dialog).findByRole('button', { name: 'Shakshuka' }));
    expect(within(dialog).getByText(shoppingListMessages.servingsInvalid)).toBeInTheDocument();
    expect(fromRecipeCalls(calls)).toEqual([]);
  });
});
