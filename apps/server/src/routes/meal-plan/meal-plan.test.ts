import { randomUUID } from 'node:crypto';
import { MEAL_PLAN_DAY_MAX_ENTRIES, mealPlanMessages } from '@forkful/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MealPlanRepository } from '../../repositories/meal-plan.js';
import { CookieJar, createTestApp, registerUser, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectError, expectOk, MALFORMED_ID, UNKNOWN_ID } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const MONDAY = '2026-11-30';

async function count(table: string, userId: string): Promise<number> {
  const result = await ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
    [userId],
  );
  return result.rows[0]?.n ?? 0;
}

async function plan(jar: CookieJar, body: Record<string, unknown>, status = 201) {
  return expectOk(await call(ctx.app, 'POST', '/meal-plan', { jar, payload: body }), status);
}

async function week(jar: CookieJar, from = MONDAY, to = '2026-12-06') {
  return expectOk(await call(ctx.app, 'GET', `/meal-plan?from=${from}&to=${to}`, { jar })).entries as {
    _id: string;
    date: string;
    slot: string;
    position: number;
    title: string | null;
    servings: number | null;
    recipe: { _id: string; title: string } | null;
    unavailable: boolean;
    clientId: string | null;
  }[];
}

describe('meal plan entries', () => {
  it('plans recipes and notes, reads them in week order, and never lets anyone else see them', async () => {
    const cook = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const recipeId = await createRecipe(ctx.app, cook.jar, { title: 'Lentil Soup', servings: '4' });

    const dinner = await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId, servings: 2 });
    expect(dinner).toMatchObject({ date: MONDAY, slot: 'dinner', position: 0, servings: 2, title: null });
    expect(dinner.recipe).toMatchObject({ _id: recipeId, title: 'Lentil Soup' });
    expect(dinner.recipeServings).toBe(4);
    await plan(cook.jar, { date: MONDAY, slot: 'lunch', title: '  leftovers ' });
    await plan(cook.jar, { date: '2026-12-01', slot: 'breakfast', title: 'eat out' });
    await plan(cook.jar, { date: '2026-12-07', slot: 'breakfast', title: 'next week' });

    const entries = await week(cook.jar);
    expect(entries.map((entry) => [entry.date, entry.slot, entry.title ?? entry.recipe?.title])).toEqual([
      [MONDAY, 'lunch', 'leftovers'],
      [MONDAY, 'dinner', 'Lentil Soup'],
      ['2026-12-01', 'breakfast', 'eat out'],
    ]);

    // The other user sees an empty week, and each of the cook's ids answers 404 as an unknown one does.
    expect(await week(other.jar)).toEqual([]);
    for (const [method, payload] of [
      ['PATCH', { slot: 'lunch' }],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await call(ctx.app, method, `/meal-plan/${dinner._id}`, { jar: other.jar, payload });
      const unknown = await call(ctx.app, method, `/meal-plan/${UNKNOWN_ID}`, { jar: other.jar, payload });
      expectError(theirs, 404, mealPlanMessages.entryNotFound);
      expect(theirs.json()).toEqual(unknown.json());
    }
    expect((await week(cook.jar)).length).toBe(3);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const cook = await registerUser(ctx.app);
    const recipeId = await createRecipe(ctx.app, cook.jar);
    const bad: [Record<string, unknown>, string][] = [
      [{ date: '2026-02-30', slot: 'dinner', title: 'x' }, mealPlanMessages.dateInvalid],
      [{ date: '30/11/2026', slot: 'dinner', title: 'x' }, mealPlanMessages.dateInvalid],
      [{ date: MONDAY, slot: 'brunch', title: 'x' }, mealPlanMessages.slotInvalid],
      [{ date: MONDAY, slot: 'dinner' }, mealPlanMessages.recipeOrTitle],
      [{ date: MONDAY, slot: 'dinner', title: 'x', recipeId }, mealPlanMessages.recipeOrTitle],
      [{ date: MONDAY, slot: 'dinner', title: 'x'.repeat(100_000) }, mealPlanMessages.titleTooLong],
      [{ date: MONDAY, slot: 'dinner', title: '   ' }, mealPlanMessages.titleEmpty],
      [{ date: MONDAY, slot: 'dinner', recipeId, servings: 0 }, mealPlanMessages.servingsInvalid],
      [{ date: MONDAY, slot: 'dinner', recipeId, servings: 101 }, mealPlanMessages.servingsInvalid],
      [{ date: MONDAY, slot: 'dinner', recipeId, servings: 1.5 }, mealPlanMessages.servingsInvalid],
      [{ date: MONDAY, slot: 'dinner', title: 'x', servings: 2 }, mealPlanMessages.servingsOnNote],
      [{ date: MONDAY, slot: 'dinner', title: 'x', clientId: 'abc' }, mealPlanMessages.clientIdInvalid],
    ];
    for (const [payload, message] of bad) {
      expectError(await call(ctx.app, 'POST', '/meal-plan', { jar: cook.jar, payload }), 400, message);
    }
    expectError(
      await call(ctx.app, 'POST', '/meal-plan', {
        jar: cook.jar,
        payload: { date: MONDAY, slot: 'dinner', recipeId: UNKNOWN_ID },
      }),
      404,
      mealPlanMessages.recipeNotFound,
    );
    expect(await count('meal_plan_entries', cook.id)).toBe(0);

    const range = async (query: string, message: string) =>
      expectError(await call(ctx.app, 'GET', `/meal-plan?${query}`, { jar: cook.jar }), 400, message);
    await range('from=2026-11-30&to=2027-01-31', mealPlanMessages.rangeTooLong); // 62 days + 1
    await range('from=2026-12-01&to=2026-11-30', mealPlanMessages.rangeOrder);
    await range('from=2026-13-01&to=2026-12-01', mealPlanMessages.dateInvalid);
    await range('from=2026-11-30', mealPlanMessages.dateInvalid);
    // 62 days exactly is allowed.
    expectOk(
      await call(ctx.app, 'GET', '/meal-plan?from=2026-11-30&to=2027-01-30', {
        jar: cook.jar,
      }),
    );
    expectError(
      await call(ctx.app, 'PATCH', `/meal-plan/${MALFORMED_ID}`, { jar: cook.jar, payload: { slot: 'lunch' } }),
      400,
    );
  });

  it(`caps a day at ${MEAL_PLAN_DAY_MAX_ENTRIES} entries: the next (and 10,000 more) get 409, nothing half-written`, async () => {
    const cook = await registerUser(ctx.app);
    for (let index = 0; index < MEAL_PLAN_DAY_MAX_ENTRIES; index += 1) {
      await plan(cook.jar, { date: MONDAY, slot: 'snack', title: `snack ${index}` });
    }
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(ctx.app, 'POST', '/meal-plan', {
          jar: cook.jar,
          payload: { date: MONDAY, slot: 'dinner', title: `x${index}` },
        }),
      ),
    );
    for (const response of attempts) expectError(response, 409, mealPlanMessages.dayFull);
    expect(await count('meal_plan_entries', cook.id)).toBe(MEAL_PLAN_DAY_MAX_ENTRIES);
    // Moving an entry onto the full day is refused too; moving within it is fine.
    const other = await plan(cook.jar, { date: '2026-12-01', slot: 'dinner', title: 'elsewhere' });
    expectError(
      await call(ctx.app, 'PATCH', `/meal-plan/${other._id}`, { jar: cook.jar, payload: { date: MONDAY } }),
      409,
      mealPlanMessages.dayFull,
    );
  });

  it('a replayed create with the same clientId answers the same entry, once', async () => {
    const cook = await registerUser(ctx.app);
    const clientId = randomUUID();
    const body = { date: MONDAY, slot: 'dinner', title: 'pizza night', clientId };
    const first = await plan(cook.jar, body, 201);
    const replays = await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, 'POST', '/meal-plan', { jar: cook.jar, payload: body })),
    );
    for (const replay of replays) expect(expectOk(replay, 200)._id).toBe(first._id);
    expect(first.clientId).toBe(clientId);
    expect(await count('meal_plan_entries', cook.id)).toBe(1);
    // Another user's identical clientId is theirs alone.
    const other = await registerUser(ctx.app);
    expect((await plan(other.jar, body, 201))._id).not.toBe(first._id);
  });

  it('moves entries between days, slots and positions, keeping positions dense; PATCH twice is the same', async () => {
    const cook = await registerUser(ctx.app);
    const a = await plan(cook.jar, { date: MONDAY, slot: 'dinner', title: 'a' });
    const b = await plan(cook.jar, { date: MONDAY, slot: 'dinner', title: 'b' });
    const c = await plan(cook.jar, { date: MONDAY, slot: 'dinner', title: 'c' });
    const order = async () =>
      (await week(cook.jar)).map((entry) => `${entry.date.slice(8)} ${entry.slot} ${entry.position} ${entry.title}`);
    for (let twice = 0; twice < 2; twice += 1) {
      expectOk(await call(ctx.app, 'PATCH', `/meal-plan/${c._id}`, { jar: cook.jar, payload: { position: 0 } }));
    }
    expect(await order()).toEqual(['30 dinner 0 c', '30 dinner 1 a', '30 dinner 2 b']);
    const moved = expectOk(
      await call(ctx.app, 'PATCH', `/meal-plan/${a._id}`, {
        jar: cook.jar,
        payload: { date: '2026-12-01', slot: 'lunch' },
      }),
    );
    expect(moved).toMatchObject({ date: '2026-12-01', slot: 'lunch', position: 0 });
    expect(await order()).toEqual(['30 dinner 0 c', '30 dinner 1 b', '01 lunch 0 a']);
    expectOk(await call(ctx.app, 'PATCH', `/meal-plan/${b._id}`, { jar: cook.jar, payload: { title: 'bee' } }));
    expectOk(await call(ctx.app, 'DELETE', `/meal-plan/${c._id}`, { jar: cook.jar }));
    expect(await order()).toEqual(['30 dinner 0 bee', '01 lunch 0 a']);
    // A DELETE replayed after it succeeded: 404, which the offline queue treats as done.
    expectError(
      await call(ctx.app, 'DELETE', `/meal-plan/${c._id}`, { jar: cook.jar }),
      404,
      mealPlanMessages.entryNotFound,
    );
    expectError(
      await call(ctx.app, 'PATCH', `/meal-plan/${b._id}`, { jar: cook.jar, payload: { servings: 2 } }),
      400,
      mealPlanMessages.servingsOnNote,
    );
    expectError(
      await call(ctx.app, 'PATCH', `/meal-plan/${b._id}`, { jar: cook.jar, payload: {} }),
      400,
      mealPlanMessages.nothingToChange,
    );
    const recipeId = await createRecipe(ctx.app, cook.jar);
    const planned = await plan(cook.jar, { date: MONDAY, slot: 'lunch', recipeId });
    expectError(
      await call(ctx.app, 'PATCH', `/meal-plan/${planned._id}`, { jar: cook.jar, payload: { title: 'renamed' } }),
      400,
      mealPlanMessages.titleOnRecipe,
    );
    const servings = expectOk(
      await call(ctx.app, 'PATCH', `/meal-plan/${planned._id}`, { jar: cook.jar, payload: { servings: 6 } }),
    );
    expect(servings.servings).toBe(6);
  });

  it('a planned recipe that became a draft or was deleted shows as no longer available, revealing nothing', async () => {
    const author = await registerUser(ctx.app);
    const cook = await registerUser(ctx.app);
    const drafted = await createRecipe(ctx.app, author.jar, { title: 'Secret Stew' });
    const deleted = await createRecipe(ctx.app, author.jar, { title: 'Gone Gratin' });
    const ownDraft = await createRecipe(ctx.app, cook.jar, { title: 'My Draft', isPublished: 'false' });
    await plan(cook.jar, { date: MONDAY, slot: 'lunch', recipeId: drafted });
    await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: deleted });
    await plan(cook.jar, { date: MONDAY, slot: 'snack', recipeId: ownDraft });
    // Someone else's draft cannot be planned at all.
    const otherDraft = await createRecipe(ctx.app, author.jar, { title: 'Not Yours', isPublished: 'false' });
    expectError(
      await call(ctx.app, 'POST', '/meal-plan', {
        jar: cook.jar,
        payload: { date: MONDAY, slot: 'lunch', recipeId: otherDraft },
      }),
      404,
      mealPlanMessages.recipeNotFound,
    );

    await ctx.database.pool.query(`UPDATE recipes SET is_published = false, title = 'Renamed Draft' WHERE id = $1`, [
      drafted,
    ]);
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${deleted}/delete-recipe`, { jar: author.jar }));

    const entries = await week(cook.jar);
    expect(entries.map((entry) => [entry.slot, entry.recipe?.title ?? null, entry.title, entry.unavailable])).toEqual([
      ['lunch', null, 'Secret Stew', true],
      ['dinner', null, 'Gone Gratin', true],
      ['snack', 'My Draft', null, false],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Renamed Draft');
    expect(JSON.stringify(entries)).not.toContain(drafted);
  });

  it('copies a week into another once, after what the target holds; checks Mondays', async () => {
    const cook = await registerUser(ctx.app);
    const recipeId = await createRecipe(ctx.app, cook.jar);
    await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId, servings: 3 });
    await plan(cook.jar, { date: '2026-12-06', slot: 'lunch', title: 'sunday roast' });
    await plan(cook.jar, { date: '2026-12-07', slot: 'dinner', title: 'already there' });
    const payload = { from: MONDAY, to: '2026-12-07' };
    const first = expectOk(await call(ctx.app, 'POST', '/meal-plan/copy-week', { jar: cook.jar, payload }));
    expect(first.copied).toBe(2);
    expect(
      first.entries.map(
        (entry: { date: string; slot: string; position: number; title: string | null; servings: number | null }) => [
          entry.date,
          entry.slot,
          entry.position,
          entry.title,
          entry.servings,
        ],
      ),
    ).toEqual([
      ['2026-12-07', 'dinner', 0, 'already there', null],
      ['2026-12-07', 'dinner', 1, null, 3],
      ['2026-12-13', 'lunch', 0, 'sunday roast', null],
    ]);
    const again = expectOk(await call(ctx.app, 'POST', '/meal-plan/copy-week', { jar: cook.jar, payload }));
    expect(again.copied).toBe(0);
    expect(await count('meal_plan_entries', cook.id)).toBe(5);
    expectError(
      await call(ctx.app, 'POST', '/meal-plan/copy-week', {
        jar: cook.jar,
        payload: { from: '2026-12-01', to: '2026-12-08' },
      }),
      400,
      mealPlanMessages.weekNotMonday,
    );
    expectError(
      await call(ctx.app, 'POST', '/meal-plan/copy-week', { jar: cook.jar, payload: { from: MONDAY, to: MONDAY } }),
      400,
      mealPlanMessages.weekSame,
    );
  });

  it('copy-week into a week whose day would overflow is refused whole', async () => {
    const cook = await registerUser(ctx.app);
    for (let index = 0; index < 3; index += 1)
      await plan(cook.jar, { date: MONDAY, slot: 'snack', title: `s${index}` });
    await plan(cook.jar, { date: '2026-12-01', slot: 'snack', title: 'tuesday' });
    for (let index = 0; index < MEAL_PLAN_DAY_MAX_ENTRIES - 2; index += 1) {
      await plan(cook.jar, { date: '2026-12-07', slot: 'snack', title: `t${index}` });
    }
    const before = await count('meal_plan_entries', cook.id);
    expectError(
      await call(ctx.app, 'POST', '/meal-plan/copy-week', {
        jar: cook.jar,
        payload: { from: MONDAY, to: '2026-12-07' },
      }),
      409,
      mealPlanMessages.dayFull,
    );
    expect(await count('meal_plan_entries', cook.id)).toBe(before);
  });
});

describe('the week answer kept per instance (decision 024, "The list answer, kept")', () => {
  const pool = () => ctx.database.pool;

  it('is read once while its rows do not change, and read afresh after any change an answer shows', async () => {
    const author = await registerUser(ctx.app, 'Ana');
    const cook = await registerUser(ctx.app);
    const stew = await createRecipe(ctx.app, author.jar, { title: 'Bean Stew' });
    const entry = await plan(cook.jar, { date: MONDAY, slot: 'dinner', recipeId: stew });
    await plan(cook.jar, { date: MONDAY, slot: 'lunch', title: 'leftovers' });

    const reads = vi.spyOn(MealPlanRepository.prototype, 'rangeStamped');
    try {
      const first = await week(cook.jar);
      const second = await week(cook.jar);
      expect(second).toEqual(first);
      expect(reads).toHaveBeenCalledTimes(1); // the second answer was the kept one
    } finally {
      reads.mockRestore();
    }

    const dinner = async () => (await week(cook.jar)).find((item) => item._id === entry._id)!;
    const card = async () => (await dinner()).recipe as unknown as Record<string, unknown> | null;
    // Every change to what the answer shows is seen at once: the entry ...
    expectOk(await call(ctx.app, 'PATCH', `/meal-plan/${entry._id}`, { jar: cook.jar, payload: { servings: 6 } }));
    expect((await dinner()).servings).toBe(6);
    // ... the planned recipe's card: title, rating, photo, its author's name ...
    await pool().query(`UPDATE recipes SET title = 'Black Bean Stew' WHERE id = $1`, [stew]);
    expect((await card())?.title).toBe('Black Bean Stew');
    await pool().query(`UPDATE recipes SET rating_sum = 9, total_reviews = 2 WHERE id = $1`, [stew]);
    expect((await card())?.avgRating).toBe(4.5);
    await pool().query(`UPDATE recipes SET photo_key = 'abc' WHERE id = $1`, [stew]);
    expect((await card())?.recipePhoto).toEqual(expect.stringContaining('abc'));
    await pool().query(`UPDATE users SET name = 'Ana Maria' WHERE id = $1`, [author.id]);
    expect((await card())?.author).toMatchObject({ name: 'Ana Maria' });
    // ... its visibility, and the week's other entries.
    await pool().query(`UPDATE recipes SET is_published = false WHERE id = $1`, [stew]);
    expect(await card()).toBeNull();
    await pool().query(`UPDATE recipes SET is_published = true WHERE id = $1`, [stew]);
    expect((await card())?.title).toBe('Black Bean Stew');
    await plan(cook.jar, { date: '2026-12-01', slot: 'breakfast', title: 'porridge' });
    expect(
      (await week(cook.jar)).map((item) => item.title ?? (item.recipe as { title: string } | null)?.title),
    ).toEqual(['leftovers', 'Black Bean Stew', 'porridge']);
    expectOk(await call(ctx.app, 'DELETE', `/meal-plan/${entry._id}`, { jar: cook.jar }));
    expect((await week(cook.jar)).map((item) => item.title)).toEqual(['leftovers', 'porridge']);
  });
});

describe('the week read checks the session in its own statement (sessionCheckedByRoute)', () => {
  it("refuses a logged-out session's token, with a kept answer and without one, and serves a live one", async () => {
    const cook = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await plan(cook.jar, { date: MONDAY, slot: 'dinner', title: 'soup' });
    await plan(other.jar, { date: MONDAY, slot: 'dinner', title: 'stew' });
    expect((await week(cook.jar)).map((item) => item.title)).toEqual(['soup']);
    expect((await week(cook.jar)).map((item) => item.title)).toEqual(['soup']); // now kept

    const old = new CookieJar();
    old.set('accessToken', cook.jar.get('accessToken')!);
    expectOk(await call(ctx.app, 'POST', '/users/logout', { jar: cook.jar }));
    for (const [from, to] of [
      [MONDAY, '2026-12-06'], // the kept answer's range
      ['2026-12-07', '2026-12-13'], // a range never read
    ] as const) {
      expectError(
        await call(ctx.app, 'GET', `/meal-plan?from=${from}&to=${to}`, { jar: old }),
        401,
        'Your session has ended, please log in again',
      );
    }
    // Another cook's live session is unaffected, and a session ended in the database is refused the same way.
    expect((await week(other.jar)).map((item) => item.title)).toEqual(['stew']);
    await ctx.database.pool.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [other.id]);
    expectError(
      await call(ctx.app, 'GET', `/meal-plan?from=${MONDAY}&to=2026-12-06`, { jar: other.jar }),
      401,
      'Your session has ended, please log in again',
    );
  });
});

describe('calendar feed', () => {
  it('serves the plan as iCalendar at a secret URL, at the slot times chosen; regenerating revokes the old URL', async () => {
    const cook = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const recipeId = await createRecipe(ctx.app, cook.jar, { title: 'Fish Pie' });
    const today = new Date().toISOString().slice(0, 10);
    await plan(cook.jar, { date: today, slot: 'dinner', recipeId, servings: 4 });
    await plan(cook.jar, { date: today, slot: 'breakfast', title: 'porridge' });
    await plan(other.jar, { date: today, slot: 'dinner', title: 'not the cook' });

    const settings = expectOk(
      await call(ctx.app, 'PATCH', '/meal-plan/settings', {
        jar: cook.jar,
        payload: { slotTimes: { dinner: '19:15' }, eventMinutes: 45 },
      }),
    );
    expect(settings).toEqual({
      slotTimes: { breakfast: '08:00', lunch: '12:30', dinner: '19:15', snack: '16:00' },
      eventMinutes: 45,
    });
    expectError(
      await call(ctx.app, 'PATCH', '/meal-plan/settings', {
        jar: cook.jar,
        payload: { slotTimes: { dinner: '25:00' } },
      }),
      400,
      mealPlanMessages.timeInvalid,
    );

    const link = expectOk(await call(ctx.app, 'GET', '/meal-plan/calendar-link', { jar: cook.jar }));
    expect(link.url).toMatch(/\/api\/v1\/meal-plan\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcalUrl).toMatch(/^webcal:/);
    // Asking again shows the same URL (it is not stored, but can be made again), and the token's hash only is stored.
    expect(expectOk(await call(ctx.app, 'GET', '/meal-plan/calendar-link', { jar: cook.jar })).url).toBe(link.url);
    const token = link.url.split('/').pop().replace('.ics', '');
    const stored = await ctx.database.pool.query('SELECT * FROM meal_plan_calendar_feeds WHERE user_id = $1', [
      cook.id,
    ]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    // No login on the feed itself.
    const path = new URL(link.url).pathname;
    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const [year, month, day] = today.split('-').map(Number);
    expect(
      events
        .map((event) => ({
          summary: event.summary,
          start: [
            event.startDate.year,
            event.startDate.month,
            event.startDate.day,
            event.startDate.hour,
            event.startDate.minute,
          ],
          floating: event.startDate.zone?.tzid === 'floating',
          minutes: event.duration.toSeconds() / 60,
        }))
        .sort((a, b) => a.start[3]! - b.start[3]!),
    ).toEqual([
      { summary: 'Breakfast: porridge', start: [year, month, day, 8, 0], floating: true, minutes: 45 },
      { summary: 'Dinner: Fish Pie', start: [year, month, day, 19, 15], floating: true, minutes: 45 },
    ]);
    expect(feed.body).not.toContain('not the cook');

    const renewed = expectOk(await call(ctx.app, 'POST', '/meal-plan/calendar-link', { jar: cook.jar }));
    expect(renewed.url).not.toBe(link.url);
    expectError(await ctx.app.inject({ method: 'GET', url: path }), 404, mealPlanMessages.calendarLinkNotFound);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(200);
    // A made-up token, and one of the wrong shape, are the same 404.
    expectError(await ctx.app.inject({ method: 'GET', url: `/api/v1/meal-plan/calendar/${'A'.repeat(43)}.ics` }), 404);
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/v1/meal-plan/calendar/x.ics' }), 404);

    expectOk(await call(ctx.app, 'DELETE', '/meal-plan/calendar-link', { jar: cook.jar }));
    expectError(await ctx.app.inject({ method: 'GET', url: new URL(renewed.url).pathname }), 404);
    expectError(await call(ctx.app, 'DELETE', '/meal-plan/calendar-link', { jar: cook.jar }), 404);
  });
});
