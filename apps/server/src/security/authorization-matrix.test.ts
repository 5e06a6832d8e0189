// Brings in the type of `app.swagger()`, which the app registers.
import type {} from '@fastify/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentFeed,
  expectNoDraft,
  expectNoForeignEmail,
  makeWorld,
  registerPeople,
  send,
  type Body,
  type People,
  type Person,
  type World,
} from '../test/authorization-world.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { defaultRecipe, expectError, expectOk, makeImage, MALFORMED_ID, UNKNOWN_ID } from '../test/fixtures.js';
import { stateFingerprint } from '../test/state.js';

// Every endpoint (spec section 7, and ours in docs/api.md) × who calls it. 'owner' is the author of the recipe, the owner of the review, or
// (for calls about one's own account) the caller; 'other' is a logged-in stranger. 'malformed' and 'unknown' are
// the owner calling with a malformed id and with a well-formed id of nothing. null: the call takes no id.
const ACTORS = ['anonymous', 'other', 'owner', 'malformed', 'unknown'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = [anonymous: number, other: number, owner: number, malformed: number | null, unknown: number | null];

interface Row {
  call: string;
  /** Which recipe (and its review) the ids refer to. */
  on?: 'published' | 'draft';
  /** What `{id}` in the path stands for. */
  id?: 'recipe' | 'review' | 'author' | 'entry' | 'item';
  owner: 'author' | 'reviewer' | 'self';
  body?: (world: World, caller: Person | undefined) => Body;
  /** The answer is not the JSON envelope (the calendar feed): only its status is checked. */
  raw?: boolean;
  /** A call that succeeds changes data ('data'), or ends or changes the caller's account ('account'). */
  changes?: 'data' | 'account';
  expect: Expected;
}

let photo: Buffer;
const recipeBody = (): Body => ({ json: { ...defaultRecipe, cookingTime: '30', isPublished: true } });
const photoBody = (field: string) => (): Body => ({
  form: {},
  file: { field, bytes: photo, contentType: 'image/png' },
});
const newEmail = () => `new-${Math.random().toString(36).slice(2)}@example.com`;

// prettier-ignore
const TABLE: Row[] = [
  { call: 'POST /recipes/create-recipe', owner: 'self', changes: 'data', expect: [401, 201, 201, null, null],
    body: () => ({ form: { ...defaultRecipe } }) },
  ...(['published', 'draft'] as const).flatMap((on): Row[] => {
    const hidden = on === 'draft' ? 404 : 403; // a stranger is not told that someone's draft exists
    const visible = on === 'draft' ? 404 : 200;
    return [
      { call: 'GET /recipes/{id}/view-recipe', on, id: 'recipe', owner: 'author', expect: [visible, visible, 200, 400, 404] },
      { call: 'PATCH /recipes/{id}/update-recipe', on, id: 'recipe', owner: 'author', changes: 'data',
        body: recipeBody, expect: [401, hidden, 200, 400, 404] },
      { call: 'PATCH /recipes/{id}/update-recipe-photo', on, id: 'recipe', owner: 'author', changes: 'data',
        body: photoBody('recipePhoto'), expect: [401, hidden, 200, 400, 404] },
      { call: 'PATCH /recipes/{id}/delete-recipe-photo', on, id: 'recipe', owner: 'author', changes: 'data',
        expect: [401, hidden, 200, 400, 404] },
      { call: 'DELETE /recipes/{id}/delete-recipe', on, id: 'recipe', owner: 'author', changes: 'data',
        expect: [401, hidden, 200, 400, 404] },
      { call: 'POST /recipes/{id}/save-recipe', on, id: 'recipe', owner: 'author', changes: 'data',
        expect: [401, visible, 200, 400, 404] },
      { call: 'DELETE /recipes/{id}/unsave-recipe', on, id: 'recipe', owner: 'author', changes: 'data',
        expect: [401, visible, 200, 400, 404] },
      { call: 'GET /recipes/{id}/check-saved', on, id: 'recipe', owner: 'author', expect: [401, visible, 200, 400, 404] },
      // The author may not review their own recipe (403), draft or not.
      { call: 'POST /reviews/create/{id}', on, id: 'recipe', owner: 'author', changes: 'data',
        body: () => ({ json: { rating: 5, comment: 'Great' } }), expect: [401, on === 'draft' ? 404 : 201, 403, 400, 404] },
      // A review of a draft is as hidden as the draft, from its own writer too (only the recipe's author sees it).
      { call: 'GET /reviews/{id}/view', on, id: 'review', owner: 'reviewer', expect: [visible, visible, visible, 400, 404] },
      { call: 'PATCH /reviews/{id}/update', on, id: 'review', owner: 'reviewer', changes: 'data',
        body: () => ({ json: { rating: 1, comment: 'Changed' } }), expect: [401, hidden, visible, 400, 404] },
      { call: 'DELETE /reviews/{id}/delete', on, id: 'review', owner: 'reviewer', changes: 'data',
        expect: [401, hidden, visible, 400, 404] },
      { call: 'GET /reviews/view-all/{id}', on, id: 'recipe', owner: 'author', expect: [visible, visible, 200, 400, 404] },
      { call: 'GET /reviews/view/{reviewer}/{id}', on, id: 'recipe', owner: 'reviewer',
        expect: [visible, visible, visible, 400, 404] },
      // Issue 19: more like this; a draft's is as hidden as the draft (its author gets an empty list).
      { call: 'GET /recipes/{id}/similar?limit=48', on, id: 'recipe', owner: 'author',
        expect: [visible, visible, 200, 400, 404] },
    ];
  }),
  { call: 'GET /recipes/view-recipe-by-name/{secret}', owner: 'self', expect: [200, 200, 200, null, null] },
  { call: 'GET /recipes/view-recipe-by-name/Hidden Draft', owner: 'self', expect: [200, 200, 200, null, null] },
  { call: 'GET /recipes/all?limit=48', owner: 'self', expect: [200, 200, 200, null, null] },
  { call: 'GET /recipes/saved-recipes', owner: 'self', expect: [401, 200, 200, null, null] },
  { call: 'GET /recipes/created-recipes/{id}', id: 'author', owner: 'author', expect: [200, 200, 200, 400, 404] },
  { call: 'GET /recipes/random-recipes?limit=24', owner: 'self', expect: [200, 200, 200, null, null] },
  // Issue 19: personal when signed in, good and fresh for visitors; never a draft, never another person's data.
  { call: 'GET /recipes/recommended?limit=48', owner: 'self', expect: [200, 200, 200, null, null] },
  { call: 'GET /recipes/search?query=Hidden Draft', owner: 'self', expect: [200, 200, 200, null, null] },
  { call: 'GET /recipes/search?query={secret}', owner: 'self', expect: [200, 200, 200, null, null] },
  { call: 'POST /users/register', owner: 'self', changes: 'account', expect: [201, 201, 201, null, null],
    body: () => ({ form: { name: 'Newcomer', email: newEmail(), password: 'newcomer pass phrase' } }) },
  { call: 'POST /users/login', owner: 'self', changes: 'data', expect: [200, 200, 200, null, null],
    body: (world, caller) => ({ json: { email: (caller ?? world.author).email, password: (caller ?? world.author).password } }) },
  { call: 'GET /users/current', owner: 'self', expect: [401, 200, 200, null, null] },
  { call: 'POST /users/logout', owner: 'self', changes: 'account', expect: [200, 200, 200, null, null] },
  { call: 'POST /users/refresh-token', owner: 'self', changes: 'account', expect: [401, 200, 200, null, null] },
  { call: 'PATCH /users/update-password', owner: 'self', changes: 'account', expect: [401, 200, 200, null, null],
    body: (_world, caller) => ({ json: { curPassword: caller?.password ?? 'matrix pass phrase', newPassword: 'another pass phrase' } }) },
  { call: 'PATCH /users/update-details', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null],
    body: () => ({ json: { name: 'Renamed Cook' } }) },
  { call: 'PATCH /users/update-avatar', owner: 'self', changes: 'data', body: photoBody('avatar'),
    expect: [401, 200, 200, null, null] },
  { call: 'PATCH /users/remove-avatar', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null] },
  { call: 'GET /users/{id}', id: 'author', owner: 'author', expect: [401, 200, 200, 400, 404] },
  { call: 'DELETE /users/delete', owner: 'self', changes: 'account', expect: [401, 200, 200, null, null] },
  // Not in the spec: the upload limit, public so the sign-up form can check an avatar before sending it.
  { call: 'GET /uploads/limits', owner: 'self', expect: [200, 200, 200, null, null] },
  // Issue 17: reading ingredient lines is open to anyone and touches no data.
  { call: 'POST /ingredients/parse', owner: 'self', expect: [200, 200, 200, null, null],
    body: () => ({ json: { lines: ['1 1/2 cups flour', 'For the sauce:'] } }) },
  // Issue 18: each user's plan, list and calendar feed are theirs alone; another user's entry or line is as unknown
  // as one that never existed (404). The feed needs no login: its secret URL is the key.
  { call: 'GET /meal-plan?from=2026-11-30&to=2026-12-06', owner: 'self', expect: [401, 200, 200, null, null] },
  { call: 'POST /meal-plan', owner: 'self', changes: 'data', expect: [401, 201, 201, null, null],
    body: (world) => ({ json: { date: '2026-12-01', slot: 'lunch', recipeId: world.published.recipe } }) },
  // Someone else's draft cannot be planned (the author may plan their own).
  { call: 'POST /meal-plan', on: 'draft', owner: 'author', changes: 'data', expect: [401, 404, 201, null, null],
    body: (world) => ({ json: { date: '2026-12-01', slot: 'lunch', recipeId: world.draft.recipe } }) },
  { call: 'PATCH /meal-plan/{id}', id: 'entry', owner: 'author', changes: 'data', expect: [401, 404, 200, 400, 404],
    body: () => ({ json: { slot: 'lunch', servings: 3 } }) },
  { call: 'DELETE /meal-plan/{id}', id: 'entry', owner: 'author', changes: 'data', expect: [401, 404, 200, 400, 404] },
  { call: 'POST /meal-plan/copy-week', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null],
    body: () => ({ json: { from: '2026-11-30', to: '2026-12-07' } }) },
  { call: 'GET /meal-plan/calendar-link', owner: 'self', expect: [401, 200, 200, null, null] },
  { call: 'POST /meal-plan/calendar-link', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null] },
  { call: 'DELETE /meal-plan/calendar-link', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null] },
  { call: 'GET /meal-plan/calendar/{feed}', owner: 'self', raw: true, expect: [200, 200, 200, null, null] },
  { call: 'GET /meal-plan/calendar/unknown-token.ics', owner: 'self', expect: [404, 404, 404, null, null] },
  { call: 'GET /meal-plan/settings', owner: 'self', expect: [401, 200, 200, null, null] },
  { call: 'PATCH /meal-plan/settings', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null],
    body: () => ({ json: { slotTimes: { dinner: '19:00' } } }) },
  { call: 'GET /shopping-list', owner: 'self', expect: [401, 200, 200, null, null] },
  { call: 'POST /shopping-list/from-meal-plan', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null],
    body: () => ({ json: { from: '2026-11-30', to: '2026-12-06' } }) },
  { call: 'POST /shopping-list/from-recipe', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null],
    body: (world) => ({ json: { recipeId: world.published.recipe, servings: 4 } }) },
  { call: 'POST /shopping-list/from-recipe', on: 'draft', owner: 'author', changes: 'data',
    expect: [401, 404, 200, null, null], body: (world) => ({ json: { recipeId: world.draft.recipe } }) },
  { call: 'POST /shopping-list/items', owner: 'self', changes: 'data', expect: [401, 201, 201, null, null],
    body: () => ({ json: { text: 'dish soap' } }) },
  { call: 'PATCH /shopping-list/items/{id}', id: 'item', owner: 'author', changes: 'data',
    expect: [401, 404, 200, 400, 404], body: () => ({ json: { checked: true, aisle: 'dairy-eggs' } }) },
  { call: 'DELETE /shopping-list/items/{id}', id: 'item', owner: 'author', changes: 'data',
    expect: [401, 404, 200, 400, 404] },
  { call: 'DELETE /shopping-list/checked', owner: 'self', changes: 'data', expect: [401, 200, 200, null, null] },
  // Issue 21: the import reads a pasted page (no network here) and saves nothing; the photo call fetches only public
  // addresses, so a loopback one is refused (422) for anyone signed in.
  { call: 'POST /recipes/import', owner: 'self', expect: [401, 200, 200, null, null],
    body: () => ({ json: { html: '<script type="application/ld+json">{"@type":"Recipe","name":"Soup","recipeIngredient":["1 egg"]}</script>' } }) },
  { call: 'POST /recipes/import/photo', owner: 'self', expect: [401, 422, 422, null, null],
    body: () => ({ json: { url: 'http://127.0.0.1/photo.jpg' } }) },
];

const cells = TABLE.flatMap((row) =>
  ACTORS.flatMap((actor, index) => {
    const status = row.expect[index];
    return status === null || status === undefined ? [] : [{ row, actor, status }];
  }),
);

let ctx: TestContext;
let people: People;
let shared: World;

beforeAll(async () => {
  // Dozens of sign-ups and log-ins from one test address: lift the per-address limit for this file.
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000' });
  photo = await makeImage('png', { width: 40, height: 30 });
  people = await registerPeople(ctx.app);
  shared = await makeWorld(ctx.app, people);
});
afterAll(async () => {
  await ctx.close();
});

function callerOf(row: Row, actor: Actor, world: World): Person | undefined {
  if (actor === 'anonymous') return undefined;
  if (actor === 'other') return world.stranger;
  return row.owner === 'reviewer' ? world.reviewer : world.author;
}

function idOf(row: Row, actor: Actor, world: World): string {
  if (actor === 'malformed') return MALFORMED_ID;
  if (actor === 'unknown') return UNKNOWN_ID;
  const scene = row.on === 'draft' ? world.draft : world.published;
  if (row.id === 'review') return scene.review;
  if (row.id === 'author') return world.author.id;
  if (row.id === 'entry') return world.entry;
  if (row.id === 'item') return world.item;
  return scene.recipe;
}

describe('authorization matrix: every endpoint × anonymous / other user / owner / malformed id / unknown id', () => {
  it('covers every call of spec section 7 and docs/api.md', () => {
    const calls = new Set(
      TABLE.map((row) => row.call.replace(/\?.*$/, '').replace(/\/(Hidden Draft|\{secret\})$/, '')),
    );
    expect(calls.size).toBe(57);
  });

  it('has a row for every route the API documents, so a new route cannot skip the matrix', () => {
    const shape = (method: string, path: string) =>
      `${method.toUpperCase()} ${path
        .replace(/\?.*$/, '')
        .replace(/\/Hidden Draft$/, '/{}')
        .replace(/\{[^}]+\}/g, '{}')}`;
    const inTable = new Set(TABLE.map((row) => shape(...(row.call.split(' ') as [string, string]))));
    const served = Object.entries(ctx.app.swagger().paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations ?? {}).map((method) => shape(method, path.replace(/^\/api\/v1/, ''))),
    );
    const missing = served.filter((call) => !inTable.has(call) && !call.includes(' /health/'));
    expect(missing).toEqual([]);
    expect(served.length).toBeGreaterThan(30);
  });

  it.each(cells.map((cell) => ({ ...cell, name: `${cell.row.call}${cell.row.on ? ` [${cell.row.on}]` : ''}` })))(
    '$name as $actor → $status',
    async ({ row, actor, status }) => {
      const [method = '', template = ''] = row.call.split(' ');
      // A call that is meant to succeed and change something gets a scene of its own; all others share one, which
      // they must leave exactly as it was.
      const succeeds = status < 400;
      const world =
        succeeds && row.changes
          ? await makeWorld(ctx.app, row.changes === 'account' ? await registerPeople(ctx.app) : people)
          : shared;
      const caller = callerOf(row, actor, world);
      const path = template
        .replace('{id}', idOf(row, actor, world))
        .replace('{reviewer}', world.reviewer.id)
        .replace('{secret}', world.secret)
        .replace('{feed}', template.includes('{feed}') ? await currentFeed(ctx.app, world) : '')
        .replaceAll(' ', '%20');
      const unchanged = !succeeds || method === 'GET' || !row.changes;
      const before = unchanged ? await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir) : undefined;

      const response = await send(ctx.app, method, path, caller, row.body?.(world, caller));

      if (row.raw) expect(response.statusCode, response.body).toBe(status);
      else if (succeeds) expectOk(response, status);
      else expectError(response, status);
      const what = `${row.call} as ${actor}`;
      if (caller?.id !== world.author.id) expectNoDraft(response.body, world, what);
      // An anonymous log-in makes the caller the author.
      const viewer = caller ?? (row.call === 'POST /users/login' ? world.author : undefined);
      expectNoForeignEmail(response.body, world, viewer, what);
      if (before !== undefined) {
        expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir), `${what} changed state`).toBe(before);
      }
    },
  );
});
