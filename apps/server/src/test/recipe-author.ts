import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from './app.js';
import { call, defaultRecipe, expectOk } from './fixtures.js';

export interface RecipeAuthorFile {
  /** The test file's app on its own fresh database. */
  readonly ctx: TestContext;
  /** One signed-in author, 'Ada Author'. */
  readonly author: { id: string; jar: CookieJar };
  /** GET view-recipe, as anyone: the envelope's data. */
  view: (id: string) => Promise<ReturnType<typeof expectOk>>;
  /** PATCH update-recipe as the author: the default recipe, published, with `payload` on top. */
  edit: (id: string, payload: object) => Promise<LightMyRequestResponse>;
}

/**
 * The setup of the tests of a recipe's fields beside the spec's (servings and yield, the source): an app and one
 * author for the test file, made before its tests and closed after them; the view and edit calls they all make.
 * Read `ctx` and `author` inside the tests.
 */
export function recipeAuthorForFile(): RecipeAuthorFile {
  let ctx: TestContext | undefined;
  let author: { id: string; jar: CookieJar } | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    author = await registerUser(ctx.app, 'Ada Author');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const file: RecipeAuthorFile = {
    get ctx() {
      if (!ctx) throw new Error('the test app has not been made');
      return ctx;
    },
    get author() {
      if (!author) throw new Error('the author has not registered');
      return author;
    },
    view: async (id) => expectOk(await call(file.ctx.app, 'GET', `/recipes/${id}/view-recipe`)),
    edit: (id, payload) =>
      call(file.ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, {
        jar: file.author.jar,
        payload: { ...defaultRecipe, isPublished: true, ...payload },
      }),
  };
  return file;
}
