import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import {
  call,
  createRecipe,
  defaultRecipe,
  expectError,
  expectOk,
  MALFORMED_ID,
  postRecipe,
  UNKNOWN_ID,
} from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let stranger: { id: string; jar: CookieJar };

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Ada Author');
  stranger = await registerUser(ctx.app, 'Sam Stranger');
});
afterAll(async () => {
  await ctx.close();
});

const edit = {
  title: 'Roast Pumpkin',
  introduction: 'Sweet and smoky.',
  cookingTime: '45',
  ingredients: ['1 pumpkin', 'olive oil'],
  steps: ['Cut', 'Roast'],
  isPublished: true,
};

describe('POST /recipes/create-recipe', () => {
  it('creates a recipe from multipart fields and answers 201 with its id', async () => {
    const response = await postRecipe(ctx.app, author.jar, defaultRecipe);
    const data = expectOk(response, 201);
    expect(Object.keys(data)).toEqual(['_id']);

    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${data._id}/view-recipe`));
    expect(recipe).toMatchObject({
      _id: data._id,
      title: 'Tomato Soup',
      introduction: 'A warming bowl for cold evenings.',
      cookingTime: 25,
      ingredients: ['4 tomatoes', '1 onion'],
      steps: ['Chop everything', 'Simmer for 20 minutes'],
      recipePhoto: null,
      recipePhotoVariants: [],
      isPublished: true,
      author: { _id: author.id, name: 'Ada Author' },
      avgRating: 0,
      totalReviews: 0,
    });
    expect(new Date(recipe.createdAt).toString()).not.toBe('Invalid Date');
    expect(new Date(recipe.updatedAt).toString()).not.toBe('Invalid Date');
  });

  it('saves a draft when isPublished is false, and defaults to a draft when it is missing', async () => {
    const draft = await createRecipe(ctx.app, author.jar, { isPublished: 'false' });
    const unspecified = await createRecipe(ctx.app, author.jar, { isPublished: undefined });
    for (const id of [draft, unspecified]) {
      const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`, { jar: author.jar }));
      expect(recipe.isPublished).toBe(false);
    }
  });

  it('ignores fields the client may not set (author, avgRating, totalReviews, _id)', async () => {
    const response = await postRecipe(ctx.app, author.jar, {
      ...defaultRecipe,
      author: stranger.id,
      authorId: stranger.id,
      avgRating: '5',
      totalReviews: '99',
      _id: '11111111-1111-4111-8111-111111111111',
    });
    const { _id } = expectOk(response, 201);
    expect(_id).not.toBe('11111111-1111-4111-8111-111111111111');
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${_id}/view-recipe`));
    expect(recipe.author).toEqual({ _id: author.id, name: 'Ada Author' });
    expect(recipe.avgRating).toBe(0);
    expect(recipe.totalReviews).toBe(0);
  });

  it('answers every section-5 rule with its exact message', async () => {
    const cases: Array<[Record<string, string | string[] | undefined>, string]> = [
      [{ title: undefined }, 'Recipe title is required'],
      [{ title: '   ' }, 'Recipe title is required'],
      [{ title: 'Soup!' }, 'Only (a-z, A-Z, 0-9,-, /) characters are allowed in recipe title'],
      [{ title: 'Crème brûlée' }, 'Only (a-z, A-Z, 0-9,-, /) characters are allowed in recipe title'],
      [{ cookingTime: undefined }, 'Cooking time is required'],
      [{ cookingTime: '' }, 'Cooking time is required'],
      [{ cookingTime: 'twenty' }, 'Enter valid cooking time in minutes (e.g. 25)'],
      [{ cookingTime: '-1' }, 'Cooking time cannot be less than 0'],
      [{ ingredients: undefined }, 'Ingredients cannot be empty'],
      [{ ingredients: ['flour', '  '] }, 'Ingredients cannot be empty'],
      [{ steps: undefined }, 'Steps cannot be empty'],
      [{ steps: [''] }, 'Steps cannot be empty'],
    ];
    for (const [fields, message] of cases) {
      const response = await postRecipe(ctx.app, author.jar, { ...defaultRecipe, ...fields });
      expectError(response, 400, message);
    }
    // Slash, hyphen and digits are allowed, and a cooking time of 0 is the minimum.
    await createRecipe(ctx.app, author.jar, { title: 'Salt/Pepper Mix-2', cookingTime: '0' });
  });

  it('takes a list sent as one field holding a JSON array, as FormData clients often do', async () => {
    const id = await createRecipe(ctx.app, author.jar, {
      ingredients: ['["1 cup orzo","1 lemon"]'],
      steps: [' ["Boil the orzo", "Zest the lemon"] '],
    });
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(recipe.ingredients).toEqual(['1 cup orzo', '1 lemon']);
    expect(recipe.steps).toEqual(['Boil the orzo', 'Zest the lemon']);
    // Text that only looks like JSON stays an entry.
    const literal = await createRecipe(ctx.app, author.jar, { ingredients: ['[to taste]', '[salt'] });
    const kept = expectOk(await call(ctx.app, 'GET', `/recipes/${literal}/view-recipe`));
    expect(kept.ingredients).toEqual(['[to taste]', '[salt']);
  });

  it('validates the items of a JSON-array list with the section-5 rules, keeping nothing', async () => {
    const long = 'x'.repeat(1001);
    const cases: Array<[Record<string, string[]>, string]> = [
      [{ ingredients: ['[""]'] }, 'Ingredients cannot be empty'],
      [{ ingredients: ['["flour", "  "]'] }, 'Ingredients cannot be empty'],
      [{ ingredients: ['[]'] }, 'Ingredients cannot be empty'],
      [{ ingredients: ['[1, 2]'] }, 'Ingredients cannot be empty'],
      [{ ingredients: [JSON.stringify([long])] }, 'Each entry should be at most 1000 characters'],
      [
        { ingredients: [JSON.stringify(Array.from({ length: 101 }, (_, n) => `item ${n}`))] },
        'A recipe can have at most 100 ingredients',
      ],
      [{ steps: ['[""]'] }, 'Steps cannot be empty'],
      [{ steps: ['[null]'] }, 'Steps cannot be empty'],
    ];
    const before = expectOk(await call(ctx.app, 'GET', `/recipes/created-recipes/${author.id}`, { jar: author.jar }));
    for (const [fields, message] of cases) {
      expectError(await postRecipe(ctx.app, author.jar, { ...defaultRecipe, ...fields }), 400, message);
    }
    const after = expectOk(await call(ctx.app, 'GET', `/recipes/created-recipes/${author.id}`, { jar: author.jar }));
    expect(after.recipes).toHaveLength(before.recipes.length);
  });

  it('needs a login (401) and a multipart body', async () => {
    expectError(await postRecipe(ctx.app, undefined, defaultRecipe), 401);
    const json = await call(ctx.app, 'POST', '/recipes/create-recipe', { jar: author.jar, payload: defaultRecipe });
    expectError(json, 400);
  });

  it('answers a malformed multipart body with 400, not a server error', async () => {
    const boundary = '----forkful-broken';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf a recipe`;
    const bodies: Array<[string, string]> = [
      [cut, `multipart/form-data; boundary=${boundary}`],
      ['not multipart at all', `multipart/form-data; boundary=${boundary}`],
      ['not multipart at all', 'multipart/form-data'],
    ];
    for (const [payload, contentType] of bodies) {
      for (const url of ['/api/v1/recipes/create-recipe', '/api/v1/users/register']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, cookie: author.jar.header() },
        });
        expectError(response, 400, 'The multipart body is malformed');
      }
    }
  });
});

describe('GET /recipes/{id}/view-recipe', () => {
  it('shows a published recipe to everyone and a draft to its author only', async () => {
    const published = await createRecipe(ctx.app, author.jar);
    const draft = await createRecipe(ctx.app, author.jar, { isPublished: 'false' });
    expectOk(await call(ctx.app, 'GET', `/recipes/${published}/view-recipe`));
    expectOk(await call(ctx.app, 'GET', `/recipes/${published}/view-recipe`, { jar: stranger.jar }));
    expectOk(await call(ctx.app, 'GET', `/recipes/${draft}/view-recipe`, { jar: author.jar }));
    expectError(await call(ctx.app, 'GET', `/recipes/${draft}/view-recipe`), 404, 'Recipe not found');
    expectError(
      await call(ctx.app, 'GET', `/recipes/${draft}/view-recipe`, { jar: stranger.jar }),
      404,
      'Recipe not found',
    );
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    expectError(await call(ctx.app, 'GET', `/recipes/${UNKNOWN_ID}/view-recipe`), 404, 'Recipe not found');
    expectError(await call(ctx.app, 'GET', `/recipes/${MALFORMED_ID}/view-recipe`), 400, 'Invalid id');
  });
});

describe('PATCH /recipes/{id}/update-recipe', () => {
  it('lets the author edit every field, with cookingTime sent as a string', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    const response = await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload: edit });
    const recipe = expectOk(response);
    expect(recipe).toMatchObject({
      _id: id,
      title: 'Roast Pumpkin',
      introduction: 'Sweet and smoky.',
      cookingTime: 45,
      ingredients: ['1 pumpkin', 'olive oil'],
      steps: ['Cut', 'Roast'],
      isPublished: true,
      author: { _id: author.id },
    });
    const viewed = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(viewed.title).toBe('Roast Pumpkin');
  });

  it('unpublishes with Save Draft and publishes again with Save', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    const path = `/recipes/${id}/update-recipe`;
    expectOk(await call(ctx.app, 'PATCH', path, { jar: author.jar, payload: { ...edit, isPublished: false } }));
    expectError(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`), 404);
    expectOk(await call(ctx.app, 'PATCH', path, { jar: author.jar, payload: { ...edit, isPublished: 'true' } }));
    expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
  });

  it('ignores author, avgRating and totalReviews sent by the client', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    const payload = { ...edit, author: { _id: stranger.id, name: 'Thief' }, avgRating: 5, totalReviews: 40 };
    const recipe = expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload }));
    expect(recipe.author).toEqual({ _id: author.id, name: 'Ada Author' });
    expect(recipe.avgRating).toBe(0);
    expect(recipe.totalReviews).toBe(0);
  });

  it('validates with the edit form messages', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'Recipe title is required'],
      [{ title: 'Hot & Sour' }, 'Only (a-z, A-Z, 0-9,-, /) characters are allowed in recipe title'],
      [{ cookingTime: 'soon' }, 'Enter valid cooking time in minutes (e.g. 25)'],
      [{ cookingTime: '-3' }, 'Cooking time cannot be less than 0'],
      [{ cookingTime: undefined }, 'Cooking time is required'],
      [{ ingredients: ['salt', ''] }, 'Ingredient cannot be empty'],
      [{ ingredients: [] }, 'Ingredient cannot be empty'],
      [{ steps: [' '] }, 'Steps cannot be empty'],
    ];
    for (const [fields, message] of cases) {
      const payload = { ...edit, ...fields };
      expectError(
        await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload }),
        400,
        message,
      );
    }
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(recipe.title).toBe('Tomato Soup');
  });

  it('refuses anonymous (401), another user (403), an unknown id (404) and a malformed id (400)', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    const draft = await createRecipe(ctx.app, author.jar, { isPublished: 'false' });
    expectError(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { payload: edit }), 401);
    expectError(
      await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: stranger.jar, payload: edit }),
      403,
      'Only the author can change this recipe',
    );
    // Someone else's draft does not exist as far as a stranger can tell.
    expectError(
      await call(ctx.app, 'PATCH', `/recipes/${draft}/update-recipe`, { jar: stranger.jar, payload: edit }),
      404,
      'Recipe not found',
    );
    expectError(
      await call(ctx.app, 'PATCH', `/recipes/${UNKNOWN_ID}/update-recipe`, { jar: author.jar, payload: edit }),
      404,
      'Recipe not found',
    );
    expectError(
      await call(ctx.app, 'PATCH', `/recipes/${MALFORMED_ID}/update-recipe`, { jar: author.jar, payload: edit }),
      400,
      'Invalid id',
    );
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(recipe.title).toBe('Tomato Soup');
  });
});

describe('DELETE /recipes/{id}/delete-recipe', () => {
  it('lets only the author delete, and then the recipe is gone', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    expectError(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`), 401);
    expectError(
      await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: stranger.jar }),
      403,
      'Only the author can change this recipe',
    );
    expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));

    const data = expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }));
    expect(data).toEqual({ _id: id });
    expectError(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`), 404, 'Recipe not found');
    expectError(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }), 404);
  });

  it('removes the saved entries and reviews of the deleted recipe', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    expectOk(await call(ctx.app, 'POST', `/recipes/${id}/save-recipe`, { jar: stranger.jar }));
    expectOk(
      await call(ctx.app, 'POST', `/reviews/create/${id}`, {
        jar: stranger.jar,
        payload: { rating: 4, comment: 'ok' },
      }),
      201,
    );
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }));
    const saved = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: stranger.jar }));
    expect(saved.recipes.map((recipe: { _id: string }) => recipe._id)).not.toContain(id);
    const left = await ctx.database.pool.query('SELECT count(*)::int AS n FROM reviews WHERE recipe_id = $1', [id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    expectError(await call(ctx.app, 'DELETE', `/recipes/${UNKNOWN_ID}/delete-recipe`, { jar: author.jar }), 404);
    expectError(
      await call(ctx.app, 'DELETE', `/recipes/${MALFORMED_ID}/delete-recipe`, { jar: author.jar }),
      400,
      'Invalid id',
    );
  });
});
