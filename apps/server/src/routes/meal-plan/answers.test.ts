import {
  clearCheckedResponseSchema,
  mealPlanResponseSchema,
  shoppingListChangeSchema,
  shoppingListSchema,
  successEnvelope,
} from '@forkful/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, makeImage } from '../../test/fixtures.js';

// GET /meal-plan, GET /shopping-list and POST /shopping-list/from-meal-plan send the mappers' answers with
// JSON.stringify instead of zod's serializer (http.ts, trustedJsonSerializer). Each answer must stay exactly what zod
// would have sent: valid, nothing extra, the same bytes, with every kind of entry and line in it.

let ctx: TestContext;
let cook: { id: string; jar: CookieJar };
const MONDAY = '2026-11-30';
const SUNDAY = '2026-12-06';

beforeAll(async () => {
  ctx = await createTestApp();
  cook = await registerUser(ctx.app, 'Paula Planner');
  const author = await registerUser(ctx.app, 'Anna Author');
  const photo = { bytes: await makeImage('jpeg', { width: 800, height: 600 }) };
  const stew = await createRecipe(
    ctx.app,
    cook.jar,
    { title: 'Stew', servings: '4', ingredients: ['500 g beef', '2 onions', '1 l stock', 'salt to taste', '???'] },
    photo,
  );
  const soup = await createRecipe(ctx.app, author.jar, { title: 'Soup', ingredients: ['1 onion', '1 tbsp oil'] });
  const plan = (body: Record<string, unknown>) => call(ctx.app, 'POST', '/meal-plan', { jar: cook.jar, payload: body });
  expect((await plan({ date: MONDAY, slot: 'dinner', recipeId: stew, servings: 6 })).statusCode).toBe(201);
  expect((await plan({ date: MONDAY, slot: 'lunch', recipeId: soup })).statusCode).toBe(201);
  expect((await plan({ date: '2026-12-02', slot: 'snack', title: 'Leftovers' })).statusCode).toBe(201);
  expect(
    (await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: 'dish soap' } })).statusCode,
  ).toBe(201);
  const added = await call(ctx.app, 'POST', '/shopping-list/from-meal-plan', {
    jar: cook.jar,
    payload: { from: MONDAY, to: SUNDAY },
  });
  expect(added.statusCode).toBe(200);
  expectZodBytes(successEnvelope(shoppingListChangeSchema), added.body);
  // The soup goes back to draft: the week shows it as no longer available, the list's sources without its id.
  await ctx.database.pool.query('UPDATE recipes SET is_published = false WHERE id = $1', [soup]);
});
afterAll(async () => {
  await ctx.close();
});

function expectZodBytes(envelope: z.ZodType, text: string): unknown {
  const body: unknown = JSON.parse(text);
  // zod drops unknown keys: equal only if the answer has none.
  expect(envelope.parse(body)).toEqual(body);
  expect(text).toBe(JSON.stringify(z.encode(envelope, envelope.parse(body))));
  return body;
}

describe('the hot planner answers, sent without a zod pass', () => {
  it('the week: recipes with photos, a recipe no longer available and a note', async () => {
    const response = await call(ctx.app, 'GET', `/meal-plan?from=${MONDAY}&to=${SUNDAY}`, { jar: cook.jar });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = expectZodBytes(successEnvelope(mealPlanResponseSchema), response.body) as z.infer<
      ReturnType<typeof successEnvelope<typeof mealPlanResponseSchema>>
    >;
    const entries = body.data.entries;
    expect(entries.map((entry) => [entry.slot, entry.recipe?.title ?? entry.title, entry.unavailable])).toEqual([
      ['lunch', 'Soup', true],
      ['dinner', 'Stew', false],
      ['snack', 'Leftovers', false],
    ]);
    expect(entries[1]?.recipe?.recipePhotoVariants.length).toBeGreaterThan(0);
  });

  it('the list after clearing ticked lines, and lines with quotes, backslashes, tabs and accents', async () => {
    const typed = await call(ctx.app, 'POST', '/shopping-list/items', {
      jar: cook.jar,
      payload: { text: '2 "big" jalapeños \\ ½ \t €' },
    });
    expect(typed.statusCode).toBe(201);
    const ticked = await call(ctx.app, 'PATCH', `/shopping-list/items/${typed.json().data._id}`, {
      jar: cook.jar,
      payload: { checked: true },
    });
    expect(ticked.statusCode).toBe(200);
    const quoted = await call(ctx.app, 'POST', '/shopping-list/items', {
      jar: cook.jar,
      payload: { text: 'Mum\'s "special" sauce, ü / 𝄞' },
    });
    expect(quoted.statusCode).toBe(201);
    const cleared = await call(ctx.app, 'DELETE', '/shopping-list/checked', { jar: cook.jar });
    expect(cleared.statusCode).toBe(200);
    const body = expectZodBytes(successEnvelope(clearCheckedResponseSchema), cleared.body) as {
      data: { deleted: number; items: { text: string }[] };
    };
    expect(body.data.deleted).toBe(1);
    expect(body.data.items.map((item) => item.text)).toContain('Mum\'s "special" sauce, ü / 𝄞');
  });

  it('the list: merged, unparsed, typed lines, and sources of a recipe no longer visible', async () => {
    const response = await call(ctx.app, 'GET', '/shopping-list', { jar: cook.jar });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = expectZodBytes(successEnvelope(shoppingListSchema), response.body) as {
      data: { items: { text: string; sources: { recipeId: string | null; title: string }[] }[] };
    };
    const onions = body.data.items.find((item) => item.text.includes('onion'));
    expect(onions?.sources.map((source) => [source.title, source.recipeId === null])).toEqual([
      ['Soup', true],
      ['Stew', false],
    ]);
    expect(body.data.items.map((item) => item.text)).toContain('dish soap');
    expect(body.data.items.map((item) => item.text)).toContain('???');
  });
});
