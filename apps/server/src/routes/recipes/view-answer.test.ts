import { recipeViewSchema, successEnvelope } from '@forkful/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectError } from '../../test/fixtures.js';

// GET /recipes/{id}/view-recipe sends the mapper's answer with JSON.stringify instead of zod's serializer (http.ts,
// trustedJsonSerializer). The answer must stay exactly what zod would have sent: valid, nothing extra, same bytes.

let ctx: TestContext;
let author: { id: string; jar: CookieJar };

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Vera Viewer');
});
afterAll(async () => {
  await ctx.close();
});

const envelope = successEnvelope(recipeViewSchema);
const ingredients = [
  'For the dough:',
  '1 1/2 cups flour',
  '2 (14-ounce) cans tomatoes',
  'salt to taste',
  '3 to 4 eggs',
];

async function viewText(id: string): Promise<string> {
  const response = await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.body;
}

describe('the view-recipe answer, sent without a zod pass', () => {
  it('is the schema-valid envelope, with no field the schema lacks, in the bytes zod would write', async () => {
    const id = await createRecipe(ctx.app, author.jar, { ingredients, servings: '4', yieldText: 'one loaf' });
    const text = await viewText(id);
    const body: unknown = JSON.parse(text);
    // zod drops unknown keys: equal only if the answer has none.
    expect(envelope.parse(body)).toEqual(body);
    expect(text).toBe(JSON.stringify(z.encode(envelope, envelope.parse(body))));
    expect((body as { data: { ingredientDetails: unknown[] } }).data.ingredientDetails).toHaveLength(5);
  });

  it('keeps the schema order and drops stray keys of stored details (jsonb sorts keys its own way)', async () => {
    const id = await createRecipe(ctx.app, author.jar, { ingredients });
    await ctx.database.db.execute(
      sql`UPDATE recipes SET ingredient_details = (
            SELECT jsonb_agg(detail || '{"internal": "never sent"}'::jsonb) FROM jsonb_array_elements(ingredient_details) detail
          ) WHERE id = ${id}`,
    );
    const text = await viewText(id);
    expect(text).not.toContain('never sent');
    expect(text).toBe(JSON.stringify(z.encode(envelope, envelope.parse(JSON.parse(text)))));
  });

  it('answers an unknown recipe with the usual 404 envelope', async () => {
    const response = await call(ctx.app, 'GET', '/recipes/00000000-0000-4000-8000-000000000000/view-recipe');
    expectError(response, 404);
    expect(JSON.parse(response.body)).toEqual({ success: false, statusCode: 404, message: expect.any(String) });
  });
});
