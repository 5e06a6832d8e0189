import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /ingredients/parse', () => {
  it('reads each line in order, without a login', async () => {
    const lines = [
      '1 1/2 cups flour',
      'For the sauce:',
      '2 (14-ounce) cans tomatoes',
      'salt to taste',
      '1,5 dl grädde',
    ];
    const data = expectOk(await call(ctx.app, 'POST', '/ingredients/parse', { payload: { lines } }));
    expect(data.ingredients).toEqual([
      { text: lines[0], quantity: 1.5, quantityMax: null, unit: 'cup', food: 'flour', note: null, isHeading: false },
      {
        text: lines[1],
        quantity: null,
        quantityMax: null,
        unit: null,
        food: 'For the sauce',
        note: null,
        isHeading: true,
      },
      {
        text: lines[2],
        quantity: 2,
        quantityMax: null,
        unit: 'can',
        food: 'tomatoes',
        note: '14 ounce',
        isHeading: false,
      },
      {
        text: lines[3],
        quantity: null,
        quantityMax: null,
        unit: null,
        food: 'salt',
        note: 'to taste',
        isHeading: false,
      },
      { text: lines[4], quantity: 1.5, quantityMax: null, unit: 'dl', food: 'grädde', note: null, isHeading: false },
    ]);
  });

  it('takes 200 lines of 500 characters, and an empty list', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => `${index + 1} g ${'x'.repeat(490)}`);
    const data = expectOk(await call(ctx.app, 'POST', '/ingredients/parse', { payload: { lines } }));
    expect(data.ingredients).toHaveLength(200);
    expect(data.ingredients[199]).toMatchObject({ quantity: 200, unit: 'g' });
    expect(expectOk(await call(ctx.app, 'POST', '/ingredients/parse', { payload: { lines: [] } }))).toEqual({
      ingredients: [],
    });
  });

  it('refuses bad input with the 400 envelope', async () => {
    const bad: [unknown, string][] = [
      [{ lines: Array.from({ length: 201 }, () => '1 egg') }, 'At most 200 lines can be parsed at once'],
      [{ lines: ['x'.repeat(501)] }, 'Each ingredient line should be at most 500 characters'],
      [{ lines: [42] }, 'Each ingredient line must be a text'],
      [{ lines: '1 egg' }, 'Send the ingredient lines as a list of texts'],
      [{}, 'Send the ingredient lines as a list of texts'],
    ];
    for (const [payload, message] of bad) {
      expectError(await call(ctx.app, 'POST', '/ingredients/parse', { payload: payload as object }), 400, message);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ingredients/parse',
      headers: { 'content-type': 'application/json' },
      payload: '{"lines": [',
    });
    expectError(notJson, 400);
  });
});
