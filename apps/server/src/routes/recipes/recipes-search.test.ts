import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectError, expectOk } from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
const titles = (recipes: Array<{ title: string }>) => recipes.map((recipe) => recipe.title);

let tomatoSoup: string;
let tart: string;
let draft: string;

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Ada Author');
  tomatoSoup = await createRecipe(ctx.app, author.jar, { title: 'Tomato Soup' });
  await createRecipe(ctx.app, author.jar, { title: 'Roast Tomato Salad' });
  await createRecipe(ctx.app, author.jar, { title: 'Pumpkin Pie', ingredients: ['pumpkin', 'sugar'] });
  tart = await createRecipe(ctx.app, author.jar, {
    title: 'Lemon Tart',
    introduction: 'Served with a spoon of crème fraîche.',
    ingredients: ['3 lemons', '200 ml crème fraîche', 'shortcrust pastry'],
  });
  draft = await createRecipe(ctx.app, author.jar, {
    title: 'Tomato Secret',
    introduction: 'Smoked paprika and crème fraîche.',
    isPublished: 'false',
  });
  // Ten more matches of 'bread', to show the suggestion cap.
  for (let n = 1; n <= 10; n++) await createRecipe(ctx.app, author.jar, { title: `Bread Number ${n}` });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /recipes/search (suggestions)', () => {
  it('suggests matching titles as { _id, title }', async () => {
    const data = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=tomato'));
    expect(Object.keys(data)).toEqual(['recipes']);
    expect(titles(data.recipes).sort()).toEqual(['Roast Tomato Salad', 'Tomato Soup']);
    expect(data.recipes).toContainEqual({ _id: tomatoSoup, title: 'Tomato Soup' });
    for (const recipe of data.recipes) expect(Object.keys(recipe).sort()).toEqual(['_id', 'title']);
    // A title that starts with the query ranks first.
    expect(data.recipes[0].title).toBe('Tomato Soup');
  });

  it('returns at most 8 suggestions', async () => {
    const data = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=bread'));
    expect(data.recipes).toHaveLength(8);
  });

  it('tolerates typos and case', async () => {
    const typo = expectOk(await call(ctx.app, 'GET', `/recipes/search?query=${encodeURIComponent('tomatoe soop')}`));
    expect(titles(typo.recipes)).toContain('Tomato Soup');
    const shouting = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=PUMPKIN'));
    expect(titles(shouting.recipes)).toEqual(['Pumpkin Pie']);
  });

  it('ignores accents in the query', async () => {
    const data = expectOk(await call(ctx.app, 'GET', `/recipes/search?query=${encodeURIComponent('tárt')}`));
    expect(titles(data.recipes)).toEqual(['Lemon Tart']);
    // Part of a word, too short for trigrams: the substring match must ignore accents as well.
    const infix = expectOk(await call(ctx.app, 'GET', `/recipes/search?query=${encodeURIComponent('ÚMPKI')}`));
    expect(titles(infix.recipes)).toEqual(['Pumpkin Pie']);
  });

  it('answers a blank or missing query with an empty list, not an error', async () => {
    for (const query of ['', '?query=', '?query=%20%20%20']) {
      const data = expectOk(await call(ctx.app, 'GET', `/recipes/search${query}`));
      expect(data).toEqual({ recipes: [] });
    }
    const nothing = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=zzzzqqqq'));
    expect(nothing.recipes).toEqual([]);
  });

  it('treats LIKE wildcards as text', async () => {
    const data = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=%25'));
    expect(data.recipes).toEqual([]);
    const underscore = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=_'));
    expect(underscore.recipes).toEqual([]);
  });

  it('never suggests a draft, not even to its author', async () => {
    for (const jar of [author.jar, undefined]) {
      const data = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=secret', { jar }));
      expect(data.recipes).toEqual([]);
      const tomato = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=tomato', { jar }));
      expect(tomato.recipes.map((recipe: { _id: string }) => recipe._id)).not.toContain(draft);
    }
  });

  it('rejects an over-long query', async () => {
    expectError(
      await call(ctx.app, 'GET', `/recipes/search?query=${'a'.repeat(201)}`),
      400,
      'Search text should be at most 200 characters',
    );
  });
});

describe('GET /recipes/view-recipe-by-name/{name}', () => {
  const byName = (name: string, jar?: CookieJar) =>
    call(ctx.app, 'GET', `/recipes/view-recipe-by-name/${encodeURIComponent(name)}`, { jar });

  it('answers with the list itself as data, of recipe cards', async () => {
    const data = expectOk(await byName('Tomato Soup'));
    expect(Array.isArray(data)).toBe(true);
    expect(data[0]).toMatchObject({ _id: tomatoSoup, title: 'Tomato Soup', author: { _id: author.id } });
    expect(data[0]).toHaveProperty('avgRating');
    expect(data[0]).toHaveProperty('recipePhotoVariants');
  });

  it('searches introduction and ingredients too, accent-insensitively', async () => {
    for (const name of ['crème fraîche', 'creme fraiche', 'CREME FRAICHE']) {
      const data = expectOk(await byName(name));
      expect(
        data.map((recipe: { _id: string }) => recipe._id),
        name,
      ).toEqual([tart]);
    }
    const ingredient = expectOk(await byName('shortcrust'));
    expect(titles(ingredient)).toEqual(['Lemon Tart']);
  });

  it('ranks a title match above an ingredient match', async () => {
    await createRecipe(ctx.app, author.jar, { title: 'Cheese Scones', ingredients: ['flour', 'pumpkin seeds'] });
    const data = expectOk(await byName('pumpkin'));
    expect(titles(data)).toEqual(['Pumpkin Pie', 'Cheese Scones']);
  });

  it('falls back to trigram matching for typos', async () => {
    const data = expectOk(await byName('tomatoe soop'));
    expect(titles(data)).toContain('Tomato Soup');
  });

  it('returns only published recipes, even to the author of a draft', async () => {
    for (const jar of [author.jar, undefined]) {
      expect(expectOk(await byName('Tomato Secret', jar)).map((recipe: { _id: string }) => recipe._id)).not.toContain(
        draft,
      );
      expect(expectOk(await byName('paprika', jar))).toEqual([]);
    }
  });

  it('answers a blank name with an empty list', async () => {
    expect(expectOk(await byName('   '))).toEqual([]);
    expect(expectOk(await byName('zzzzqqqq'))).toEqual([]);
  });

  it('rejects an over-long name', async () => {
    expectError(await byName('a'.repeat(201)), 400, 'Search text should be at most 200 characters');
  });
});

describe('odd search text', () => {
  it('never fails, whatever the characters', async () => {
    for (const text of ["'", '"', '\\', '!!!', '&|', '(', ':*', 'a & !b', '<->', '%_%', 'tomato:*', '🍅', 'ß']) {
      const suggestions = await call(ctx.app, 'GET', `/recipes/search?query=${encodeURIComponent(text)}`);
      expectOk(suggestions);
      const byName = await call(ctx.app, 'GET', `/recipes/view-recipe-by-name/${encodeURIComponent(text)}`);
      expectOk(byName);
    }
  });
});
