import { importMessages } from '@forkful/contracts';
import { describe, expect, it } from 'vitest';
import { createRecipe, defaultRecipe, expectError, expectOk, postRecipe } from '../../test/fixtures.js';
import { recipeAuthorForFile } from '../../test/recipe-author.js';
import { tableCounts } from '../../test/state.js';

// Issue 21: a recipe keeps its source (the page it was adapted from and that site's name), beside the spec's fields.

const file = recipeAuthorForFile();
const { view, edit } = file;

describe('recipe source', () => {
  it('is taken by the create call and answered by the view (null when none)', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, {
      sourceUrl: 'https://www.example.com/recipes/soup?x=1',
      sourceSiteName: ' Example Kitchen ',
    });
    expect(await view(id)).toMatchObject({
      sourceUrl: 'https://www.example.com/recipes/soup?x=1',
      sourceSiteName: 'Example Kitchen',
    });
    const own = await createRecipe(file.ctx.app, file.author.jar);
    expect(await view(own)).toMatchObject({ sourceUrl: null, sourceSiteName: null });
  });

  it('is kept by an edit that leaves it out, and cleared by null or an empty text', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, {
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
    const before = await tableCounts(file.ctx.database.pool);
    for (const sourceUrl of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', 'example.com']) {
      expectError(
        await postRecipe(file.ctx.app, file.author.jar, { ...defaultRecipe, sourceUrl }),
        400,
        importMessages.urlInvalid,
      );
    }
    expectError(
      await postRecipe(file.ctx.app, file.author.jar, { ...defaultRecipe, sourceSiteName: 'x'.repeat(101) }),
      400,
      'The site name should be at most 100 characters',
    );
    expect(await tableCounts(file.ctx.database.pool)).toEqual(before);
    const id = await createRecipe(file.ctx.app, file.author.jar);
    expectError(await edit(id, { sourceUrl: 'javascript:alert(1)' }), 400, importMessages.urlInvalid);
  });
});
