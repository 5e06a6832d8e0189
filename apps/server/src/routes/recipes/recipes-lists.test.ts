import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import {
  call,
  commitOnceBlocking,
  createRecipe,
  expectError,
  expectOk,
  MALFORMED_ID,
  UNKNOWN_ID,
} from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let reader: { id: string; jar: CookieJar };
/** Published recipes in creation order (oldest first). */
const published: string[] = [];
let draft: string;

const ids = (recipes: Array<{ _id: string }>) => recipes.map((recipe) => recipe._id);

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Ada Author');
  reader = await registerUser(ctx.app, 'Rita Reader');
  for (let n = 1; n <= 14; n++) published.push(await createRecipe(ctx.app, author.jar, { title: `Dish ${n}` }));
  draft = await createRecipe(ctx.app, author.jar, { title: 'Secret Draft', isPublished: 'false' });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /recipes/all', () => {
  it('defaults to page 1 of 12, newest first, published only', async () => {
    const data = expectOk(await call(ctx.app, 'GET', '/recipes/all'));
    expect(Object.keys(data).sort()).toEqual(['curPageNum', 'recipes', 'totalPages', 'totalRecipeCount']);
    expect(data.curPageNum).toBe(1);
    expect(data.totalRecipeCount).toBe(14);
    expect(data.totalPages).toBe(2);
    expect(ids(data.recipes)).toEqual([...published].reverse().slice(0, 12));
    expect(data.recipes[0]).toMatchObject({ title: 'Dish 14', isPublished: true, author: { _id: author.id } });
  });

  it('pages with page and limit, and leaves drafts out even for their author', async () => {
    const second = expectOk(await call(ctx.app, 'GET', '/recipes/all?page=2&limit=12'));
    expect(ids(second.recipes)).toEqual([published[1], published[0]]);
    expect(second.curPageNum).toBe(2);
    const big = expectOk(await call(ctx.app, 'GET', '/recipes/all?page=1&limit=48', { jar: author.jar }));
    expect(big.recipes).toHaveLength(14);
    expect(ids(big.recipes)).not.toContain(draft);
    expect(big.totalPages).toBe(1);
    const beyond = expectOk(await call(ctx.app, 'GET', '/recipes/all?page=9&limit=24'));
    expect(beyond).toMatchObject({ recipes: [], curPageNum: 9, totalRecipeCount: 14, totalPages: 1 });
  });

  it('rejects a limit over 48 and a page or limit that is not a positive whole number', async () => {
    expectError(await call(ctx.app, 'GET', '/recipes/all?limit=49'), 400, 'Limit must be at most 48');
    expectError(await call(ctx.app, 'GET', '/recipes/all?limit=0'), 400, 'Limit must be at least 1');
    expectError(await call(ctx.app, 'GET', '/recipes/all?page=0'), 400, 'Page must be at least 1');
    expectError(await call(ctx.app, 'GET', '/recipes/all?page=two'), 400, 'Page must be a whole number');
    expectError(await call(ctx.app, 'GET', '/recipes/all?page=1.5'), 400, 'Page must be a whole number');
  });
});

describe('GET /recipes/random-recipes', () => {
  it('returns a set of 8 distinct published recipes by default, never a draft', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const data = expectOk(await call(ctx.app, 'GET', '/recipes/random-recipes', { jar: author.jar }));
      expect(data.recipes).toHaveLength(8);
      expect(new Set(ids(data.recipes)).size).toBe(8);
      for (const id of ids(data.recipes)) expect(published).toContain(id);
    }
    const all = expectOk(await call(ctx.app, 'GET', '/recipes/random-recipes?limit=24'));
    expect(ids(all.recipes).sort()).toEqual([...published].sort());
  });

  it('validates the limit', async () => {
    expectError(await call(ctx.app, 'GET', '/recipes/random-recipes?limit=25'), 400, 'Limit must be at most 24');
    expectError(await call(ctx.app, 'GET', '/recipes/random-recipes?limit=0'), 400, 'Limit must be at least 1');
  });
});

describe('GET /recipes/created-recipes/{userId}', () => {
  it('shows the author their drafts (marked) and everyone else only the published recipes', async () => {
    const own = expectOk(await call(ctx.app, 'GET', `/recipes/created-recipes/${author.id}`, { jar: author.jar }));
    expect(own.recipes).toHaveLength(15);
    expect(own.recipes[0]).toMatchObject({ _id: draft, isPublished: false });
    for (const jar of [reader.jar, undefined]) {
      const theirs = expectOk(await call(ctx.app, 'GET', `/recipes/created-recipes/${author.id}`, { jar }));
      expect(ids(theirs.recipes)).toEqual([...published].reverse());
    }
    const none = expectOk(await call(ctx.app, 'GET', `/recipes/created-recipes/${reader.id}`));
    expect(none.recipes).toEqual([]);
  });

  it('answers an unknown user with 404 and a malformed id with 400', async () => {
    expectError(await call(ctx.app, 'GET', `/recipes/created-recipes/${UNKNOWN_ID}`), 404, 'User not found');
    expectError(await call(ctx.app, 'GET', `/recipes/created-recipes/${MALFORMED_ID}`), 400, 'Invalid id');
  });
});

describe('saving recipes', () => {
  it('saves, checks, lists (newest save first) and unsaves', async () => {
    const [first, second] = [published[0]!, published[1]!];
    expect(expectOk(await call(ctx.app, 'GET', `/recipes/${first}/check-saved`, { jar: reader.jar }))).toEqual({
      isSaved: false,
    });
    const saved = expectOk(await call(ctx.app, 'POST', `/recipes/${first}/save-recipe`, { jar: reader.jar }));
    expect(Object.keys(saved)).toEqual(['recipe']);
    expect(saved.recipe).toMatchObject({ _id: first, title: 'Dish 1' });
    // Saving twice is harmless.
    expectOk(await call(ctx.app, 'POST', `/recipes/${first}/save-recipe`, { jar: reader.jar }));
    expectOk(await call(ctx.app, 'POST', `/recipes/${second}/save-recipe`, { jar: reader.jar }));
    expect(expectOk(await call(ctx.app, 'GET', `/recipes/${first}/check-saved`, { jar: reader.jar }))).toEqual({
      isSaved: true,
    });
    const list = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: reader.jar }));
    expect(ids(list.recipes)).toEqual([second, first]);
    // Saved lists are per user.
    const authorList = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: author.jar }));
    expect(authorList.recipes).toEqual([]);

    const unsaved = expectOk(await call(ctx.app, 'DELETE', `/recipes/${first}/unsave-recipe`, { jar: reader.jar }));
    expect(unsaved.recipe._id).toBe(first);
    expect(expectOk(await call(ctx.app, 'GET', `/recipes/${first}/check-saved`, { jar: reader.jar })).isSaved).toBe(
      false,
    );
    const after = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: reader.jar }));
    expect(ids(after.recipes)).toEqual([second]);
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${second}/unsave-recipe`, { jar: reader.jar }));
  });

  it('answers 404, not a failure, when the recipe is deleted while being saved', async () => {
    const id = await createRecipe(ctx.app, author.jar, { title: 'Going Away' });
    let response: Awaited<ReturnType<typeof call>> | undefined;
    await commitOnceBlocking(ctx, { text: 'DELETE FROM recipes WHERE id = $1', values: [id] }, async () => {
      response = await call(ctx.app, 'POST', `/recipes/${id}/save-recipe`, { jar: reader.jar });
    });
    expectError(response!, 404, 'Recipe not found');
    const saved = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: reader.jar }));
    expect(ids(saved.recipes)).not.toContain(id);
  });

  it('needs a login for save, unsave, check-saved and saved-recipes', async () => {
    const id = published[0]!;
    expectError(await call(ctx.app, 'POST', `/recipes/${id}/save-recipe`), 401);
    expectError(await call(ctx.app, 'DELETE', `/recipes/${id}/unsave-recipe`), 401);
    expectError(await call(ctx.app, 'GET', `/recipes/${id}/check-saved`), 401);
    expectError(await call(ctx.app, 'GET', '/recipes/saved-recipes'), 401);
  });

  it('answers unknown ids with 404 and malformed ones with 400', async () => {
    for (const [method, suffix] of [
      ['POST', 'save-recipe'],
      ['DELETE', 'unsave-recipe'],
      ['GET', 'check-saved'],
    ] as const) {
      expectError(await call(ctx.app, method, `/recipes/${UNKNOWN_ID}/${suffix}`, { jar: reader.jar }), 404);
      expectError(
        await call(ctx.app, method, `/recipes/${MALFORMED_ID}/${suffix}`, { jar: reader.jar }),
        400,
        'Invalid id',
      );
    }
  });
});

describe('drafts stay hidden on every path', () => {
  it('hides a draft from others on view, all, random, created-recipes, save and check-saved', async () => {
    for (const jar of [reader.jar, undefined]) {
      expectError(await call(ctx.app, 'GET', `/recipes/${draft}/view-recipe`, { jar }), 404);
      const all = expectOk(await call(ctx.app, 'GET', '/recipes/all?limit=48', { jar }));
      expect(ids(all.recipes)).not.toContain(draft);
      const random = expectOk(await call(ctx.app, 'GET', '/recipes/random-recipes?limit=24', { jar }));
      expect(ids(random.recipes)).not.toContain(draft);
      const created = expectOk(await call(ctx.app, 'GET', `/recipes/created-recipes/${author.id}`, { jar }));
      expect(ids(created.recipes)).not.toContain(draft);
    }
    expectError(await call(ctx.app, 'POST', `/recipes/${draft}/save-recipe`, { jar: reader.jar }), 404);
    expectError(await call(ctx.app, 'GET', `/recipes/${draft}/check-saved`, { jar: reader.jar }), 404);
    expectError(await call(ctx.app, 'DELETE', `/recipes/${draft}/unsave-recipe`, { jar: reader.jar }), 404);
  });

  it('drops a saved recipe from the saved list of others once its author unpublishes it', async () => {
    const id = await createRecipe(ctx.app, author.jar, { title: 'Soon A Draft' });
    expectOk(await call(ctx.app, 'POST', `/recipes/${id}/save-recipe`, { jar: reader.jar }));
    expectOk(await call(ctx.app, 'POST', `/recipes/${id}/save-recipe`, { jar: author.jar }));
    const payload = {
      title: 'Soon A Draft',
      introduction: '',
      cookingTime: 5,
      ingredients: ['water'],
      steps: ['boil'],
      isPublished: false,
    };
    expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload }));

    const readerList = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: reader.jar }));
    expect(ids(readerList.recipes)).not.toContain(id);
    const authorList = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: author.jar }));
    expect(authorList.recipes).toEqual([expect.objectContaining({ _id: id, isPublished: false })]);

    expectOk(
      await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, {
        jar: author.jar,
        payload: { ...payload, isPublished: true },
      }),
    );
    const again = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: reader.jar }));
    expect(ids(again.recipes)).toContain(id);
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }));
  });
});
