import { describe, expect, it } from 'vitest';
import { apiUrl, CLIENT_PAGES, matchClientPage } from './client-pages.js';

const firstRequestsOf = (href: string) => {
  const url = new URL(href, 'http://forkful.test');
  const match = matchClientPage(url.pathname);
  return match?.page.firstRequests?.(url, match.params).map(apiUrl);
};

describe('matchClientPage', () => {
  it('matches as React Router does: any letter case, a trailing slash, decoded parameters', () => {
    expect(matchClientPage('/')?.page.path).toBe('/');
    expect(matchClientPage('/RECIPES/')?.page.path).toBe('/recipes');
    expect(matchClientPage('/View-Recipe/a%20b')).toMatchObject({
      page: { path: '/view-recipe/:recipeId' },
      params: { recipeId: 'a b' },
    });
    // A segment that cannot be decoded is kept as typed.
    expect(matchClientPage('/users/profile/%zz')?.params).toEqual({ userId: '%zz' });
  });

  it('matches no page for other addresses', () => {
    for (const pathname of ['/recipes/extra', '/view-recipe', '/view-recipe/a/b', '/api/v1/recipes/all']) {
      expect(matchClientPage(pathname), pathname).toBeUndefined();
    }
  });
});

describe("a page's first requests", () => {
  it('asks for the chunk of 24 recipes that holds the screen page', () => {
    expect(firstRequestsOf('/recipes')).toEqual(['/api/v1/recipes/all?page=1&limit=24']);
    expect(firstRequestsOf('/recipes?page=3')).toEqual(['/api/v1/recipes/all?page=2&limit=24']);
    expect(firstRequestsOf('/recipes?page=abc')).toEqual(['/api/v1/recipes/all?page=1&limit=24']);
  });

  it("asks for a recipe first, then its first page of reviews, with the id encoded as the client's requests", () => {
    expect(firstRequestsOf('/view-recipe/a%2Fb')).toEqual([
      '/api/v1/recipes/a%2Fb/view-recipe',
      '/api/v1/reviews/view-all/a%2Fb?page=1',
    ]);
  });

  it('is given for every page the server draws, whose HTML carries the answer to the first', () => {
    const drawn = CLIENT_PAGES.filter((page) => 'drawn' in page);
    expect(drawn.map((page) => page.path)).toEqual(['/recipes', '/view-recipe/:recipeId']);
    for (const page of drawn) expect(page.firstRequests, page.path).toBeTypeOf('function');
  });
});

describe('apiUrl', () => {
  it('leaves out parameters without a value and encodes the rest as URLSearchParams does', () => {
    expect(apiUrl({ path: '/recipes/search', query: { query: 'mac & cheese', page: undefined } })).toBe(
      '/api/v1/recipes/search?query=mac+%26+cheese',
    );
    expect(apiUrl({ path: '/users/current' })).toBe('/api/v1/users/current');
  });
});
