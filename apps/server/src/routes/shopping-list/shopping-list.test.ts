import { randomUUID } from 'node:crypto';
import { addDays, mealPlanMessages, shoppingListMessages } from '@forkful/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectError, expectOk, UNKNOWN_ID } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const MONDAY = '2026-11-30';
const SUNDAY = '2026-12-06';

type Item = {
  _id: string;
  text: string;
  quantity: number | null;
  unit: string | null;
  food: string | null;
  aisle: string | null;
  checked: boolean;
  sources: { recipeId: string | null; title: string }[];
};

async function list(jar: CookieJar): Promise<Item[]> {
  return expectOk(await call(ctx.app, 'GET', '/shopping-list', { jar })).items as Item[];
}

/** The list as 'text | sources' lines, sorted, for comparing whole lists. */
async function lines(jar: CookieJar): Promise<string[]> {
  return (await list(jar))
    .map(
      (item) => `${item.checked ? '[x] ' : ''}${item.text} | ${item.sources.map((source) => source.title).join(', ')}`,
    )
    .sort();
}

async function count(table: string, userId: string): Promise<number> {
  const result = await ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
    [userId],
  );
  return result.rows[0]?.n ?? 0;
}

function plan(jar: CookieJar, body: Record<string, unknown>) {
  return call(ctx.app, 'POST', '/meal-plan', { jar, payload: body }).then((response) => expectOk(response, 201));
}

function fromPlan(jar: CookieJar, from = MONDAY, to = SUNDAY) {
  return call(ctx.app, 'POST', '/shopping-list/from-meal-plan', { jar, payload: { from, to } }).then((response) =>
    expectOk(response),
  );
}

describe('building the list from recipes', () => {
  it('merges the same food across recipes, converting within a kind; different kinds and unparsed lines stay apart', async () => {
    const cook = await registerUser(ctx.app);
    const bread = await createRecipe(ctx.app, cook.jar, {
      title: 'Bread',
      ingredients: ['500 g flour', '2 eggs', '1 tsp salt', '1 cup milk', 'crusty bread, to serve', 'salt, to taste'],
    });
    const cake = await createRecipe(ctx.app, cook.jar, {
      title: 'Cake',
      ingredients: [
        '1 kg flour',
        '3 eggs',
        '1 tbsp salt',
        '250 g butter',
        '2 tbsp butter',
        'For the icing:',
        '2 cups milk',
        'salt to taste',
      ],
    });
    await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: bread });
    await plan(cook.jar, { date: '2026-12-02', slot: 'lunch', recipeId: cake });
    const result = await fromPlan(cook.jar);
    expect(result.changed).toBe(8);
    expect(await lines(cook.jar)).toEqual([
      '1.33 tbsp salt | Bread, Cake',
      '1.5 kg flour | Bread, Cake',
      '2 tbsp butter | Cake',
      '250 g butter | Cake',
      '3 cups milk | Bread, Cake',
      '5 eggs | Bread, Cake',
      'crusty bread, to serve | Bread',
      'salt, to taste | Bread, Cake',
    ]);
    const flour = (await list(cook.jar)).find((item) => item.food === 'flour');
    expect(flour).toMatchObject({ quantity: 1.5, unit: 'kg', aisle: 'pantry', checked: false });
    expect(flour?.sources).toEqual([
      { recipeId: bread, title: 'Bread' },
      { recipeId: cake, title: 'Cake' },
    ]);
  });

  it('a week of the same meal sums its lines (not seven copies), at the servings planned; adding again adds nothing', async () => {
    const cook = await registerUser(ctx.app);
    const porridge = await createRecipe(ctx.app, cook.jar, {
      title: 'Porridge',
      servings: '2',
      ingredients: ['100 g oats', '300 ml milk', '1 banana', 'honey to taste'],
    });
    for (let day = 0; day < 7; day += 1) {
      await plan(cook.jar, { date: addDays(MONDAY, day), slot: 'breakfast', recipeId: porridge, servings: 1 });
    }
    const first = await fromPlan(cook.jar);
    expect(first.changed).toBe(4);
    expect(await lines(cook.jar)).toEqual(
      [
        '3.5 bananas | Porridge',
        '350 g oats | Porridge',
        '1050 ml milk | Porridge',
        'honey to taste | Porridge',
      ].sort(),
    );
    const again = await fromPlan(cook.jar);
    expect(again.changed).toBe(0);
    expect(await count('shopping_items', cook.id)).toBe(4);
    expect(await count('shopping_item_sources', cook.id)).toBe(28);
  });

  it('removing a planned meal takes its share out of unticked lines; ticked lines stay as they are', async () => {
    const cook = await registerUser(ctx.app);
    const soup = await createRecipe(ctx.app, cook.jar, {
      title: 'Soup',
      ingredients: ['2 onions', '1 l stock', 'bread'],
    });
    const stew = await createRecipe(ctx.app, cook.jar, {
      title: 'Stew',
      ingredients: ['3 onions', '500 g beef', '1 bay leaf'],
    });
    const monday = await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: soup });
    const tuesday = await plan(cook.jar, { date: '2026-12-01', slot: 'dinner', recipeId: stew });
    await fromPlan(cook.jar);
    const beef = (await list(cook.jar)).find((item) => item.food === 'beef');
    expectOk(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${beef?._id}`, { jar: cook.jar, payload: { checked: true } }),
    );

    expectOk(await call(ctx.app, 'DELETE', `/meal-plan/${tuesday._id}`, { jar: cook.jar }));
    expect(await lines(cook.jar)).toEqual([
      '1 l stock | Soup',
      '2 onions | Soup',
      '[x] 500 g beef | Stew',
      'bread | Soup',
    ]);

    expectOk(await call(ctx.app, 'DELETE', `/meal-plan/${monday._id}`, { jar: cook.jar }));
    expect(await lines(cook.jar)).toEqual(['[x] 500 g beef | Stew']);
  });

  it("changing a planned meal's servings rescales its share of unticked lines; ticked and edited lines stay", async () => {
    const cook = await registerUser(ctx.app);
    const soup = await createRecipe(ctx.app, cook.jar, {
      title: 'Soup',
      servings: '2',
      ingredients: ['2 onions', '500 ml stock', '100 g beef', '1 carrot', 'bread'],
    });
    const stew = await createRecipe(ctx.app, cook.jar, {
      title: 'Stew',
      servings: '4',
      ingredients: ['3 onions', '1 l stock', '200 g beef'],
    });
    const monday = await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: soup, servings: 2 });
    await plan(cook.jar, { date: '2026-12-01', slot: 'dinner', recipeId: stew, servings: 4 });
    await fromPlan(cook.jar);
    const before = await list(cook.jar);
    const beef = before.find((item) => item.food === 'beef');
    const carrot = before.find((item) => item.food === 'carrot');
    expectOk(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${beef?._id}`, { jar: cook.jar, payload: { checked: true } }),
    );
    expectOk(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${carrot?._id}`, {
        jar: cook.jar,
        payload: { text: '2 carrots' },
      }),
    );

    // Soup from 2 servings to 6: three times its share.
    const changed = expectOk(
      await call(ctx.app, 'PATCH', `/meal-plan/${monday._id}`, { jar: cook.jar, payload: { servings: 6 } }),
    );
    expect(changed.servings).toBe(6);
    const after = await list(cook.jar);
    expect(await lines(cook.jar)).toEqual([
      '2 carrots | Soup',
      '2.5 l stock | Soup, Stew',
      '9 onions | Soup, Stew',
      '[x] 300 g beef | Soup, Stew',
      'bread | Soup',
    ]);
    // The lines keep their ids: a device that ticks one offline still finds it.
    expect(after.map((item) => item._id).sort()).toEqual(before.map((item) => item._id).sort());

    // Back to the recipe's own servings (null): its share at 1×.
    expectOk(await call(ctx.app, 'PATCH', `/meal-plan/${monday._id}`, { jar: cook.jar, payload: { servings: null } }));
    expect(await lines(cook.jar)).toContain('5 onions | Soup, Stew');
    expect(await lines(cook.jar)).toContain('1.5 l stock | Soup, Stew');
    // Moving the meal without touching servings changes nothing on the list.
    expectOk(
      await call(ctx.app, 'PATCH', `/meal-plan/${monday._id}`, { jar: cook.jar, payload: { date: '2026-12-03' } }),
    );
    expect(await lines(cook.jar)).toContain('5 onions | Soup, Stew');
  });

  it('a planned meal not yet on the list changes nothing there when its servings change', async () => {
    const cook = await registerUser(ctx.app);
    const soup = await createRecipe(ctx.app, cook.jar, { title: 'Soup', servings: '2', ingredients: ['2 onions'] });
    await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: soup, servings: 2 });
    await fromPlan(cook.jar);
    const later = await plan(cook.jar, { date: '2026-12-14', slot: 'dinner', recipeId: soup, servings: 2 });
    expectOk(await call(ctx.app, 'PATCH', `/meal-plan/${later._id}`, { jar: cook.jar, payload: { servings: 8 } }));
    expect(await lines(cook.jar)).toEqual(['2 onions | Soup']);
  });

  it('merges into unticked lines only: a ticked line is left alone and a new line is started', async () => {
    const cook = await registerUser(ctx.app);
    const salad = await createRecipe(ctx.app, cook.jar, { title: 'Salad', ingredients: ['2 tomatoes'] });
    expectOk(
      await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload: { recipeId: salad } }),
    );
    const [tomatoes] = await list(cook.jar);
    expectOk(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${tomatoes?._id}`, {
        jar: cook.jar,
        payload: { checked: true },
      }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload: { recipeId: salad } }),
    );
    expectOk(
      await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload: { recipeId: salad } }),
    );
    expect(await lines(cook.jar)).toEqual(['4 tomatoes | Salad', '[x] 2 tomatoes | Salad']);
  });

  it('from-recipe scales to the servings chosen, and a replayed clientId adds nothing', async () => {
    const cook = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const pancakes = await createRecipe(ctx.app, other.jar, {
      title: 'Pancakes',
      servings: '4',
      ingredients: ['200 g flour', '2 eggs', '1/2 tsp salt'],
    });
    const clientId = randomUUID();
    const payload = { recipeId: pancakes, servings: 6, clientId };
    const first = expectOk(await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload }));
    expect(first.changed).toBe(3);
    const replay = expectOk(await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload }));
    expect(replay.changed).toBe(0);
    expect(await lines(cook.jar)).toEqual(['0.75 tsp salt | Pancakes', '3 eggs | Pancakes', '300 g flour | Pancakes']);

    const draft = await createRecipe(ctx.app, other.jar, { title: 'Hidden', isPublished: 'false' });
    for (const recipeId of [draft, UNKNOWN_ID]) {
      expectError(
        await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload: { recipeId } }),
        404,
        shoppingListMessages.recipeNotFound,
      );
    }
    expectError(
      await call(ctx.app, 'POST', '/shopping-list/from-recipe', {
        jar: cook.jar,
        payload: { recipeId: pancakes, servings: 0 },
      }),
      400,
      shoppingListMessages.servingsInvalid,
    );
    expectError(
      await call(ctx.app, 'POST', '/shopping-list/from-meal-plan', {
        jar: cook.jar,
        payload: { from: MONDAY, to: '2027-02-01' },
      }),
      400,
      mealPlanMessages.rangeTooLong,
    );
    expectError(
      await call(ctx.app, 'POST', '/shopping-list/from-meal-plan', {
        jar: cook.jar,
        payload: { from: 'monday', to: SUNDAY },
      }),
      400,
      mealPlanMessages.dateInvalid,
    );
  });

  it('skips planned recipes that are no longer available', async () => {
    const author = await registerUser(ctx.app);
    const cook = await registerUser(ctx.app);
    const recipe = await createRecipe(ctx.app, author.jar, {
      title: 'Soon Hidden',
      ingredients: ['1 secret ingredient'],
    });
    await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: recipe });
    await ctx.database.pool.query('UPDATE recipes SET is_published = false WHERE id = $1', [recipe]);
    expect((await fromPlan(cook.jar)).changed).toBe(0);
    expect(await list(cook.jar)).toEqual([]);
  });
});

describe('lines by hand', () => {
  it('adds, ticks, files under an aisle, renames, deletes and clears ticked lines', async () => {
    const cook = await registerUser(ctx.app);
    const soap = expectOk(
      await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: ' dish soap ' } }),
      201,
    );
    expect(soap).toMatchObject({ text: 'dish soap', aisle: 'household', checked: false, sources: [], clientId: null });
    const milk = expectOk(
      await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: '2 l milk' } }),
      201,
    );
    expect(milk).toMatchObject({ quantity: 2, unit: 'l', food: 'milk', aisle: 'dairy-eggs' });

    // The same PATCH twice is the same state; fields not sent stay.
    for (let twice = 0; twice < 2; twice += 1) {
      const ticked = expectOk(
        await call(ctx.app, 'PATCH', `/shopping-list/items/${milk._id}`, { jar: cook.jar, payload: { checked: true } }),
      );
      expect(ticked).toMatchObject({ checked: true, aisle: 'dairy-eggs', text: '2 l milk' });
    }
    const filed = expectOk(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${soap._id}`, {
        jar: cook.jar,
        payload: { aisle: 'other', text: '1 dish soap' },
      }),
    );
    expect(filed).toMatchObject({ aisle: 'other', text: '1 dish soap', quantity: 1, checked: false });

    const cleared = expectOk(await call(ctx.app, 'DELETE', '/shopping-list/checked', { jar: cook.jar }));
    expect(cleared.deleted).toBe(1);
    expect(cleared.items.map((item: Item) => item._id)).toEqual([soap._id]);
    expect(expectOk(await call(ctx.app, 'DELETE', '/shopping-list/checked', { jar: cook.jar })).deleted).toBe(0);

    expectOk(await call(ctx.app, 'DELETE', `/shopping-list/items/${soap._id}`, { jar: cook.jar }));
    expectError(
      await call(ctx.app, 'DELETE', `/shopping-list/items/${soap._id}`, { jar: cook.jar }),
      404,
      shoppingListMessages.itemNotFound,
    );
    expect(await list(cook.jar)).toEqual([]);
  });

  it('a replayed line with the same clientId is added once', async () => {
    const cook = await registerUser(ctx.app);
    const payload = { text: 'coffee', clientId: randomUUID() };
    const replies = await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload })),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    expect(new Set(replies.map((reply) => reply.json().data._id)).size).toBe(1);
    expect(await count('shopping_items', cook.id)).toBe(1);
  });

  it('refuses bad lines with a clear 400, and keeps every line private', async () => {
    const cook = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const bad: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/shopping-list/items', { text: '' }, shoppingListMessages.textEmpty],
      ['POST', '/shopping-list/items', { text: 'x'.repeat(100_000) }, shoppingListMessages.textTooLong],
      ['POST', '/shopping-list/items', { text: 'tea', aisle: 'garden' }, shoppingListMessages.aisleInvalid],
      ['POST', '/shopping-list/items', { text: 'tea', clientId: 'nope' }, mealPlanMessages.clientIdInvalid],
    ];
    for (const [method, path, payload, message] of bad) {
      expectError(await call(ctx.app, method as 'POST', path, { jar: cook.jar, payload }), 400, message);
    }
    expect(await count('shopping_items', cook.id)).toBe(0);

    const line = expectOk(
      await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: 'tea' } }),
      201,
    );
    expectError(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${line._id}`, { jar: cook.jar, payload: {} }),
      400,
      shoppingListMessages.nothingToChange,
    );
    expectError(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${line._id}`, { jar: cook.jar, payload: { checked: 'yes' } }),
      400,
      shoppingListMessages.checkedInvalid,
    );
    for (const [method, payload] of [
      ['PATCH', { checked: true }],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await call(ctx.app, method, `/shopping-list/items/${line._id}`, { jar: other.jar, payload });
      const unknown = await call(ctx.app, method, `/shopping-list/items/${UNKNOWN_ID}`, { jar: other.jar, payload });
      expectError(theirs, 404, shoppingListMessages.itemNotFound);
      expect(theirs.json()).toEqual(unknown.json());
    }
    expect(await list(other.jar)).toEqual([]);
    expectOk(await call(ctx.app, 'DELETE', '/shopping-list/checked', { jar: other.jar }));
    expect((await list(cook.jar)).map((item) => [item.text, item.checked])).toEqual([['tea', false]]);
  });
});

describe('the answer kept per instance (decision 024, "The list answer, kept")', () => {
  const pool = () => ctx.database.pool;

  it('sends the answer made last while the list is unchanged, and a fresh one after any change to it', async () => {
    const cook = await registerUser(ctx.app);
    const lemons = expectOk(
      await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: '2 lemons' } }),
      201,
    );
    expect(await lines(cook.jar)).toEqual(['2 lemons | ']);
    // A change the version triggers do not see (disabled for this one statement) is not shown: the kept answer is.
    await pool().query('ALTER TABLE shopping_items DISABLE TRIGGER shopping_items_version_upd');
    try {
      await pool().query(`UPDATE shopping_items SET text = '3 limes' WHERE id = $1`, [lemons._id]);
    } finally {
      await pool().query('ALTER TABLE shopping_items ENABLE TRIGGER shopping_items_version_upd');
    }
    expect(await lines(cook.jar)).toEqual(['2 lemons | ']);

    // Every change through the API moves the list's version, in its own transaction.
    expectOk(
      await call(ctx.app, 'PATCH', `/shopping-list/items/${lemons._id}`, { jar: cook.jar, payload: { checked: true } }),
    );
    expect(await lines(cook.jar)).toEqual(['[x] 3 limes | ']);
    const salt = expectOk(
      await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: 'salt' } }),
      201,
    );
    expect(await lines(cook.jar)).toEqual(['[x] 3 limes | ', 'salt | ']);
    expectOk(await call(ctx.app, 'DELETE', '/shopping-list/checked', { jar: cook.jar }));
    expect(await lines(cook.jar)).toEqual(['salt | ']);
    expectOk(await call(ctx.app, 'DELETE', `/shopping-list/items/${salt._id}`, { jar: cook.jar }));
    expect(await lines(cook.jar)).toEqual([]);

    // A planned meal's share: added, rescaled and taken out again.
    const author = await registerUser(ctx.app);
    const soup = await createRecipe(ctx.app, author.jar, { title: 'Soup', servings: '2', ingredients: ['2 carrots'] });
    const entry = await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: soup });
    await fromPlan(cook.jar);
    expect(await lines(cook.jar)).toEqual(['2 carrots | Soup']);
    expectOk(await call(ctx.app, 'PATCH', `/meal-plan/${entry._id}`, { jar: cook.jar, payload: { servings: 4 } }));
    expect(await lines(cook.jar)).toEqual(['4 carrots | Soup']);
    expectOk(await call(ctx.app, 'DELETE', `/meal-plan/${entry._id}`, { jar: cook.jar }));
    expect(await lines(cook.jar)).toEqual([]);
  });

  it("shows at once that a line's recipe was unpublished, published again or deleted", async () => {
    const cook = await registerUser(ctx.app);
    const author = await registerUser(ctx.app);
    const stew = await createRecipe(ctx.app, author.jar, { title: 'Stew', ingredients: ['1 onion'] });
    expectOk(await call(ctx.app, 'POST', '/shopping-list/from-recipe', { jar: cook.jar, payload: { recipeId: stew } }));
    const sourceIds = async () => (await list(cook.jar)).flatMap((item) => item.sources.map((s) => s.recipeId));
    expect(await sourceIds()).toEqual([stew]);
    await pool().query('UPDATE recipes SET is_published = false WHERE id = $1', [stew]);
    expect(await sourceIds()).toEqual([null]);
    await pool().query('UPDATE recipes SET is_published = true WHERE id = $1', [stew]);
    expect(await sourceIds()).toEqual([stew]);
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${stew}/delete-recipe`, { jar: author.jar }));
    expect(await sourceIds()).toEqual([null]);
  });

  it("removes a deleted account's version with its list", async () => {
    const cook = await registerUser(ctx.app);
    expectOk(await call(ctx.app, 'POST', '/shopping-list/items', { jar: cook.jar, payload: { text: 'rice' } }), 201);
    expect(await count('shopping_list_versions', cook.id)).toBe(1);
    expectOk(await call(ctx.app, 'DELETE', '/users/delete', { jar: cook.jar }));
    expect(await count('shopping_list_versions', cook.id)).toBe(0);
  });
});
