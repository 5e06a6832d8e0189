import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export { createRandom, hashText, type Random } from './random.js';

/**
 * The content folder sits beside both `src/` (run from source by tsx or Vitest) and `dist/` (the built package the
 * server's build imports), so one relative URL finds it from either.
 */
const CONTENT = new URL('../content/', import.meta.url);

/** Where the committed pictures live: recipe photos (1280 × 960) and avatars (256 × 256). */
export type DemoImageFolder = 'photos' | 'avatars';

const imageFile = z.string().regex(/^[a-z0-9-]+\.webp$/, 'a lower-case .webp file name');

const demoUserSchema = z.strictObject({
  /** What recipes name as their author; 'demo' is the account shown on the login screen. */
  key: z.string().regex(/^[a-z]+$/),
  name: z.string().min(1),
  /** How long ago the account was made; always before the user's first recipe or review. */
  joinedDaysAgo: z.number().int().positive(),
  /** A file in content/avatars, or null: the default avatar is part of the demo too. */
  avatar: imageFile.nullable(),
});

const demoRecipeSchema = z.strictObject({
  /** Letters, digits, spaces, hyphen and slash only: the rule every recipe title follows (spec section 5). */
  title: z.string().min(1),
  author: z.string(),
  /** Spread over the past months so that the newest-first list looks like a living site. */
  daysAgo: z.number().int(),
  cookingTime: z.number().int().positive(),
  /** How many people it feeds (1 to 100), where that is how cooks count it; the recipe page scales from it. */
  servings: z.number().int().min(1).max(100).optional(),
  /** The yield as written ('about 20 cookies'), where a count of people says less. */
  yieldText: z.string().min(1).max(100).optional(),
  introduction: z.string().min(1),
  ingredients: z.array(z.string().min(1)),
  steps: z.array(z.string().min(1)),
  /** A file in content/photos, or null: no photo, so the 'Photo not available' state is part of the demo. */
  photo: imageFile.nullable(),
  draft: z.boolean().optional(),
});

/**
 * Review comments by rating (the demo's ratings are mostly 3 to 5, with the odd 2). They are written to fit any
 * recipe, so a comment never contradicts the dish it is attached to.
 */
const comments = z.array(z.string()).min(1);
const reviewCommentsSchema = z.strictObject({ 2: comments, 3: comments, 4: comments, 5: comments });

export type DemoUser = z.infer<typeof demoUserSchema>;
export type DemoRecipe = z.infer<typeof demoRecipeSchema>;
export type Rating = 2 | 3 | 4 | 5;
export type ReviewComments = z.infer<typeof reviewCommentsSchema>;

export interface DemoContent {
  users: DemoUser[];
  /** In a fixed order (the files of content/recipes by name), so a seeded random plan comes out the same. */
  recipes: DemoRecipe[];
  reviewComments: ReviewComments;
}

function readJson<T>(relative: string, schema: z.ZodType<T>): T {
  const url = new URL(relative, CONTENT);
  const parsed = schema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) throw new Error(`${fileURLToPath(url)}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function demoImageUrl(folder: DemoImageFolder, file: string): URL {
  return new URL(`${folder}/${file}`, CONTENT);
}

/**
 * Reads and checks the demo content. A recipe by an unknown cook or a picture that is missing fails here, with the
 * file to fix, rather than halfway through a seed.
 */
export function loadDemoContent({ checkImages = true } = {}): DemoContent {
  const users = readJson('users.json', z.array(demoUserSchema));
  const recipeFiles = readdirSync(new URL('recipes/', CONTENT))
    .filter((name) => name.endsWith('.json'))
    .sort();
  const recipes = recipeFiles.flatMap((name) => readJson(`recipes/${name}`, z.array(demoRecipeSchema)));
  const reviewComments = readJson('review-comments.json', reviewCommentsSchema);
  const keys = new Set(users.map((user) => user.key));
  const problems = [
    ...recipes
      .filter((recipe) => !keys.has(recipe.author))
      .map((recipe) => `'${recipe.title}' by unknown ${recipe.author}`),
    ...(checkImages ? users.flatMap((user) => missingImage('avatars', user.avatar)) : []),
    ...(checkImages ? recipes.flatMap((recipe) => missingImage('photos', recipe.photo)) : []),
  ];
  if (problems.length > 0) throw new Error(`demo content: ${problems.join('; ')}`);
  return { users, recipes, reviewComments };
}

function missingImage(folder: DemoImageFolder, file: string | null): string[] {
  return file && !existsSync(demoImageUrl(folder, file)) ? [`missing content/${folder}/${file}`] : [];
}

/** The committed bytes of a demo picture, to be stored through the image pipeline like any upload. */
export function readDemoImage(folder: DemoImageFolder, file: string): Promise<Buffer> {
  return readFile(demoImageUrl(folder, file));
}
