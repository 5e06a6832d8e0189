import type { CreateRecipeValues } from '@forkful/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { makeImage, UNKNOWN_ID, uploadedFiles } from '../test/fixtures.js';
import { createServices, type Services } from './container.js';
import { imageFileNames } from './images.js';

// The recipe photo workflows on a real database and real storage: a row and its files, both or neither.
let ctx: TestContext;
let services: Services;
let photo: Buffer;
let authorId: string;
let strangerId: string;

const values: CreateRecipeValues = {
  title: 'Photo Stew',
  introduction: '',
  cookingTime: 30,
  ingredients: ['water'],
  steps: ['Boil'],
  isPublished: true,
};

async function newUser(email: string): Promise<string> {
  const { user } = await services.accounts.register({ name: 'Cook', email, password: 'a long passphrase' }, undefined);
  return user.id;
}

async function photoKeyOf(id: string): Promise<string | null> {
  const result = await ctx.database.pool.query<{ photo_key: string | null }>(
    'SELECT photo_key FROM recipes WHERE id = $1',
    [id],
  );
  return result.rows[0]?.photo_key ?? null;
}

const filesOf = (key: string | null) => (key ? imageFileNames('recipe', key).sort() : []);
const files = () => uploadedFiles(ctx.config.uploadsDir);

beforeAll(async () => {
  ctx = await createTestApp();
  services = createServices(ctx.config, ctx.database.db);
  photo = await makeImage('jpeg', { width: 200, height: 100 });
  authorId = await newUser('photo-author@example.com');
  strangerId = await newUser('photo-stranger@example.com');
});
afterAll(async () => {
  await ctx.close();
});

describe('RecipePhotoService', () => {
  it('creates a recipe with its photo, and without one', async () => {
    const withPhoto = await services.recipePhotos.createRecipe(authorId, values, photo);
    const key = await photoKeyOf(withPhoto);
    expect(key).not.toBeNull();
    expect(files()).toEqual(filesOf(key));
    const without = await services.recipePhotos.createRecipe(authorId, values, undefined);
    expect(await photoKeyOf(without)).toBeNull();
    await services.recipePhotos.deleteRecipe(withPhoto, authorId);
    await services.recipePhotos.deleteRecipe(without, authorId);
    expect(files()).toEqual([]);
  });

  it('keeps no file when the row cannot be written', async () => {
    // An author that does not exist fails the insert's foreign key after the photo was stored.
    await expect(services.recipePhotos.createRecipe(UNKNOWN_ID, values, photo)).rejects.toThrow();
    expect(files()).toEqual([]);
  });

  it('replaces a photo: the new files stay, the old ones go', async () => {
    const id = await services.recipePhotos.createRecipe(authorId, values, photo);
    const first = await photoKeyOf(id);
    const recipe = await services.recipePhotos.replacePhoto(id, authorId, photo);
    const second = await photoKeyOf(id);
    expect(recipe.photoKey).toBe(second);
    expect(second).not.toBe(first);
    expect(files()).toEqual(filesOf(second));
    await services.recipePhotos.deleteRecipe(id, authorId);
    expect(files()).toEqual([]);
  });

  it('refuses a stranger, keeping the recipe photo and none of the stranger upload', async () => {
    const id = await services.recipePhotos.createRecipe(authorId, values, photo);
    const key = await photoKeyOf(id);
    await expect(services.recipePhotos.assertAuthor(id, strangerId)).rejects.toMatchObject({ statusCode: 403 });
    await expect(services.recipePhotos.replacePhoto(id, strangerId, photo)).rejects.toMatchObject({ statusCode: 403 });
    await expect(services.recipePhotos.removePhoto(id, strangerId)).rejects.toMatchObject({ statusCode: 403 });
    await expect(services.recipePhotos.deleteRecipe(id, strangerId)).rejects.toMatchObject({ statusCode: 403 });
    expect(await photoKeyOf(id)).toBe(key);
    expect(files()).toEqual(filesOf(key));
    await services.recipePhotos.deleteRecipe(id, authorId);
  });

  it('removes a photo with its files, and a deleted recipe takes its photo with it', async () => {
    const id = await services.recipePhotos.createRecipe(authorId, values, photo);
    const recipe = await services.recipePhotos.removePhoto(id, authorId);
    expect(recipe.photoKey).toBeNull();
    expect(files()).toEqual([]);
    await services.recipePhotos.replacePhoto(id, authorId, photo);
    await services.recipePhotos.deleteRecipe(id, authorId);
    expect(await photoKeyOf(id)).toBeNull();
    expect(files()).toEqual([]);
  });
});
