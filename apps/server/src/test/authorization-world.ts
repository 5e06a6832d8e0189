import { addDays } from '@forkful/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { multipart, registerUser, type CookieJar } from './app.js';
import { API, call, createRecipe, expectOk } from './fixtures.js';

export interface Person {
  id: string;
  email: string;
  password: string;
  jar: CookieJar;
}

export interface People {
  author: Person;
  reviewer: Person;
  stranger: Person;
}

/**
 * The scene every cell of the authorization matrix plays in: an author with a published recipe and a draft, a
 * reviewer who reviewed both, and a stranger who saved both. The draft was published when they did that, then
 * unpublished: the hardest case for a leak, since reviews and saved entries still point at it.
 */
export interface World extends People {
  published: { recipe: string; review: string };
  draft: { recipe: string; review: string; title: string };
  /** Text that only the draft (and the review of it) carries. */
  secret: string;
  /** Issue 18: the author's planned entry and shopping-list line, and the token of the author's calendar feed. */
  entry: string;
  item: string;
  feed: string;
}

let worlds = 0;

export async function registerPeople(app: FastifyInstance): Promise<People> {
  const password = 'matrix pass phrase';
  const tag = Math.random().toString(36).slice(2, 8);
  const [author, reviewer, stranger] = [
    await registerUser(app, 'Matrix Author', `author-${tag}@example.com`, password),
    await registerUser(app, 'Matrix Reviewer', `reviewer-${tag}@example.com`, password),
    await registerUser(app, 'Matrix Stranger', `stranger-${tag}@example.com`, password),
  ];
  return { author: author!, reviewer: reviewer!, stranger: stranger! };
}

export async function makeWorld(app: FastifyInstance, people: People): Promise<World> {
  const n = ++worlds;
  const secret = `DRAFTSECRET${n}x${Math.random().toString(36).slice(2, 8)}`;
  const title = `Hidden Draft ${n}`;
  const { author, reviewer, stranger } = people;
  const published = await createRecipe(app, author.jar, { title: `Open Stew ${n}` });
  const draft = await createRecipe(app, author.jar, {
    title,
    introduction: secret,
    ingredients: [secret],
    steps: [secret],
  });
  const review = async (recipeId: string, comment: string) =>
    expectOk(
      await call(app, 'POST', `/reviews/create/${recipeId}`, { jar: reviewer.jar, payload: { rating: 4, comment } }),
      201,
    )._id as string;
  const publishedReview = await review(published, 'Lovely');
  const draftReview = await review(draft, `${secret} review`);
  for (const recipeId of [published, draft]) {
    expectOk(await call(app, 'POST', `/recipes/${recipeId}/save-recipe`, { jar: stranger.jar }));
  }
  expectOk(
    await call(app, 'PATCH', `/recipes/${draft}/update-recipe`, {
      jar: author.jar,
      payload: {
        title,
        introduction: secret,
        cookingTime: '20',
        ingredients: [secret],
        steps: [secret],
        isPublished: false,
      },
    }),
  );
  // Issue 18: the author plans the published recipe and keeps a shopping list; both have calendar feeds already
  // (a GET of the link makes one on first use, which the matrix's unchanged-state check must not see).
  const entry = expectOk(
    await call(app, 'POST', '/meal-plan', {
      jar: author.jar,
      // A day of its own per scene: the people are shared by many scenes, and a day holds at most 30 entries.
      payload: { date: addDays('2026-11-30', n), slot: 'dinner', recipeId: published, servings: 2 },
    }),
    201,
  )._id as string;
  const item = expectOk(
    await call(app, 'POST', '/shopping-list/items', { jar: author.jar, payload: { text: 'matrix milk' } }),
    201,
  )._id as string;
  const link = expectOk(await call(app, 'GET', '/meal-plan/calendar-link', { jar: author.jar })) as { url: string };
  expectOk(await call(app, 'GET', '/meal-plan/calendar-link', { jar: stranger.jar }));
  return {
    ...people,
    entry,
    item,
    feed: link.url.slice(link.url.lastIndexOf('/') + 1),
    published: { recipe: published, review: publishedReview },
    draft: { recipe: draft, review: draftReview, title },
    secret,
  };
}

export type Body =
  | { json: unknown }
  | { form: Record<string, string | string[]>; file?: { field: string; bytes: Buffer; contentType: string } };

/** Sends one request of the matrix as `person` (anonymous when undefined). */
export async function send(
  app: FastifyInstance,
  method: string,
  path: string,
  person: Person | undefined,
  body: Body | undefined,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = person ? { cookie: person.jar.header() } : {};
  let payload: string | Buffer | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    const form = multipart(
      body.form,
      body.file && { ...body.file, filename: 'upload.bin', contentType: body.file.contentType },
    );
    Object.assign(headers, form.headers);
    payload = form.payload;
  }
  const response = await app.inject({
    method: method as 'GET',
    url: `${API}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  person?.jar.store(response);
  return response;
}

/** The current token of the author's calendar feed (other cells regenerate or revoke it; a GET makes a new one). */
export async function currentFeed(app: FastifyInstance, world: World): Promise<string> {
  const link = expectOk(await call(app, 'GET', '/meal-plan/calendar-link', { jar: world.author.jar })) as {
    url: string;
  };
  return link.url.slice(link.url.lastIndexOf('/') + 1);
}

/** Nothing of the draft (its id, its text, its review) reaches someone who is not its author. */
export function expectNoDraft(body: string, world: World, what: string): void {
  for (const secret of [world.secret, world.draft.recipe, world.draft.review, world.draft.title]) {
    expect(body.includes(secret), `${what} leaked the draft (${secret})`).toBe(false);
  }
}

/** Nobody sees another person's email address. */
export function expectNoForeignEmail(body: string, world: People, viewer: Person | undefined, what: string): void {
  for (const person of [world.author, world.reviewer, world.stranger]) {
    if (person.id === viewer?.id) continue;
    expect(body.includes(person.email), `${what} leaked ${person.email}`).toBe(false);
  }
}
