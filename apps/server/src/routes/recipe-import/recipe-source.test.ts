import { importMessages } from '@forkful/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, defaultRecipe, expectError, expectOk, postRecipe } from '../../test/fixtures.js';
import { tableCounts } from '../../test/state.js';

// Issue 21: a recipe keeps its source (the page it was adapted from and that site's name), beside the spec's fields.

let ctx: TestContext;
let author: { id: string; jar: CookieJar };

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Ada Author');
});
afterAll(async () => {
  await ctx.close();
});

const view = async (id: string) => expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
const edit = (id: string, payload: object) =>
  call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, {
    jar: author.jar,
    payload: { ...defaultRecipe, isPublished: true, ...payload },
  });

describe('recipe source', () => {
  it('is taken by the create call and answered by the view (null when none)', async () => {
    const id = await createRecipe(ctx.app, author.jar, {
      sourceUrl: 'https://www.example.com/recipes/soup?x=1',
      sourceSiteName: ' Example Kitchen ',
    });
    expect(await view(id)).toMatchObject({
      sourceUrl: 'https://www.example.com/recipes/soup?x=1',
      sourceSiteName: 'Example Kitchen',
    });
    const own = await createRecipe(ctx.app, author.jar);
    expect(await view(own)).toMatchObject({ sourceUrl: null, sourceSiteName: null });
  });

  it('is kept by an edit that leaves it out, and cleared by null or an empty text', async () => {
    const id = await createRecipe(ctx.app, author.jar, {
      sourceUrl: 'https://example.com/a',
      sourceSiteName: 'Example',
    });
    expect(expectOk(await edit(id, { title: 'Kept Source' }))).toMatchObject({
      sourceUrl: 'https://example.com/a',
      sourceSiteName: 'Example',
    });
    expect(expectOk(await edit(id, { sourceUrl: 'http://example.org/b', sourceSiteName: 'Org' }))).toMatchObject({
      sourceUrl: 'http://example.org/b',
      sourceSiteName: 'Org',
    });
    expect(expectOk(await edit(id, { sourceUrl: null, sourceSiteName: '' }))).toMatchObject({
      sourceUrl: null,
      sourceSiteName: null,
    });
  });

  it('takes only http(s) addresses, and refuses without storing anything', async () => {
    const before = await tableCounts(ctx.database.pool);
    for (const sourceUrl of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', 'example.com']) {
      expectError(
        await postRecipe(ctx.app, author.jar, { ...defaultRecipe, sourceUrl }),
        400,
        importMessages.urlInvalid,
      );
    }
    expectError(
      await postRecipe(ctx.app, author.jar, { ...defaultRecipe, sourceSiteName: 'x'.repeat(101) }),
      400,
      'The site name should be at most 100 characters',
    );
    expect(await tableCounts(ctx.database.pool)).toEqual(before);
    const id = await createRecipe(ctx.app, author.jar);
    expectError(await edit(id, { sourceUrl: 'javascript:alert(1)' }), 400, importMessages.urlInvalid);
  });
});
