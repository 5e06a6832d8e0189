import { matchClientPage } from '@forkful/contracts';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeRecipe, makeRecipeList } from '@/test/factories';
import { prefillPage } from './page-prefill';
import { lazyPages } from './router';
import { createStore, type AppStore } from './store';

/** The data cache's entry for an endpoint and argument, as the page's hook will look it up. */
function cached(store: AppStore, endpointName: string, arg: unknown) {
  return Object.values(store.getState().api?.queries ?? {}).find(
    (entry) => entry?.endpointName === endpointName && JSON.stringify(entry.originalArgs) === JSON.stringify(arg),
  );
}

const list = makeRecipeList();
const ok = (data: unknown) => ({ success: true, statusCode: 200, message: 'Success', data });
const at = (href: string) => new URL(href, 'http://forkful.test');

describe('prefillPage (docs/decisions/014)', () => {
  it("puts the recipe list's chunk in the cache under the page's own request", () => {
    const store = createStore();
    // Page 3 lives in the second chunk of 24; the parameters may come in any order.
    expect(
      prefillPage(store, at('/recipes?page=3'), { url: '/api/v1/recipes/all?limit=24&page=2', body: ok(list) }),
    ).toBe(true);
    const entry = cached(store, 'getRecipeChunk', { page: 2, limit: 24 });
    expect(entry?.data).toEqual(list);
    expect(entry?.status).toBe('fulfilled');
  });

  it('puts a recipe in the cache under the id as the page reads it from the URL', () => {
    const store = createStore();
    const recipe = makeRecipe({ _id: 'a b', title: 'Dal' });
    expect(
      prefillPage(store, at('/view-recipe/a%20b'), { url: '/api/v1/recipes/a%20b/view-recipe', body: ok(recipe) }),
    ).toBe(true);
    expect(cached(store, 'getRecipe', 'a b')?.data).toEqual(recipe);
  });

  it('uses nothing that is not the answer to the page’s first request', () => {
    const store = createStore();
    const cases: Array<[string, string, unknown]> = [
      ['/recipes?page=3', '/api/v1/recipes/all?page=1&limit=24', ok(list)],
      ['/recipes', '/api/v1/recipes/all?page=1&limit=24', { success: false, statusCode: 500, message: 'x' }],
      ['/view-recipe/one', '/api/v1/recipes/two/view-recipe', ok(makeRecipe({ _id: 'two' }))],
      ['/searched-recipes', '/api/v1/recipes/all?page=1&limit=24', ok(list)],
    ];
    for (const [href, url, body] of cases) expect(prefillPage(store, at(href), { url, body })).toBe(false);
    expect(store.getState().api?.queries ?? {}).toEqual({});
  });
});

describe('the page table (CLIENT_PAGES)', () => {
  it("is read the same way by React Router and by the server's matching", () => {
    const addresses = [
      '/recipes',
      '/Recipes/',
      '/view-recipe/a%20b',
      '/edit-recipe/x',
      '/users/profile/u1',
      '/LOGIN',
      '/recipes/extra',
      '/no/such/page',
    ];
    for (const pathname of addresses) {
      const [router] = matchRoutes(lazyPages, pathname) ?? [];
      const server = matchClientPage(pathname);
      expect(server?.page.path, pathname).toBe(router?.route.path);
      expect(server?.params ?? {}, pathname).toEqual(router?.params ?? {});
    }
  });
});
