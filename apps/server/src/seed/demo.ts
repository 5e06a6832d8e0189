import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEMO_CREDENTIALS } from '@forkful/contracts';
import { hashText } from '@forkful/demo-content';
import type { Config } from '../config.js';
import type { Database, Executor } from '../db/client.js';
import { recipes, reviews, savedRecipes, users } from '../db/schema.js';
import { ImageService } from '../services/images.js';
import { parseIngredientLines } from '../services/ingredients/parse.js';
import { hashPassword } from '../services/passwords.js';
import { createFileStorage } from '../services/storage.js';
import { removeDemoImages, storeDemoImages, type StoredImage } from './demo-images.js';
import { planDemoContent, type DemoPlan } from './demo-plan.js';

/** Held for the seeding transaction, so two servers starting on one empty database cannot both seed it. */
const SEED_LOCK = hashText('forkful:seed-demo');

export async function hasUsers(executor: Executor): Promise<boolean> {
  const result = await executor.execute(sql`SELECT 1 FROM users LIMIT 1`);
  return result.rows.length > 0;
}

/** Demo content with its images stored and its passwords hashed, ready to go into an empty database (or to be thrown away). */
export interface PreparedDemo {
  plan: DemoPlan;
  images: ImageService;
  stored: StoredImage[];
  secrets: Secrets;
  started: number;
}

/**
 * Stores the demo's images and hashes its passwords: the slow part, which needs no database, so a fresh
 * embedded start runs it while PostgreSQL is being created (seed/in-child.ts). On failure the files written so far
 * are removed again.
 */
export async function prepareDemoContent(config: Config): Promise<PreparedDemo> {
  const started = performance.now();
  const plan = planDemoContent(new Date());
  const images = new ImageService(createFileStorage(config));
  const stored: StoredImage[] = [];
  try {
    // Nobody may log into the other cooks' accounts: they share the hash of a random password that is never shown.
    const hashes = Promise.all([
      hashPassword(DEMO_CREDENTIALS.password),
      hashPassword(randomBytes(32).toString('base64url')),
    ]);
    // Hashing runs alongside the images; if the images fail first, that error is the one worth reporting.
    hashes.catch(() => undefined);
    const keys = await storeDemoImages(images, plan, stored);
    const [demoHash, otherHash] = await hashes;
    return { plan, images, stored, secrets: { demoHash, otherHash, ...keys }, started };
  } catch (error) {
    await removeDemoImages(images, stored);
    throw error;
  }
}

/**
 * Puts prepared demo content into the database if it still has no users, all or nothing: the rows go in one
 * transaction, and the image files are removed again if the rows do not go in.
 */
export async function insertDemoContent(db: Database, prepared: PreparedDemo, log: (line: string) => void) {
  const { plan, images, stored, secrets, started } = prepared;
  let inserted = false;
  try {
    inserted = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasUsers(tx)) return false;
      await insertPlan(tx, plan, secrets);
      return true;
    });
  } finally {
    if (!inserted) await removeDemoImages(images, stored);
  }
  if (!inserted) {
    log('Demo content skipped: another process added users first.');
    return;
  }
  const published = plan.recipes.filter((recipe) => recipe.isPublished).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `Demo content added in ${seconds} s: ${plan.users.length} cooks, ${published} published recipes, ` +
      `${plan.recipes.length - published} drafts, ${plan.reviews.length} reviews.`,
  );
  log(`Demo account: ${DEMO_CREDENTIALS.email} / ${DEMO_CREDENTIALS.password}`);
}

/**
 * Fills an empty database (no users at all) with the demo: Demo Cook and seven other cooks, published recipes
 * with generated photos, drafts, reviews and saved recipes. Any later start finds users and does nothing, so data
 * survives restarts and deleted demo recipes never come back.
 */
export async function seedDemoContent(db: Database, config: Config, log: (line: string) => void): Promise<void> {
  if (await hasUsers(db)) return;
  log('Empty database: adding demo content …');
  await insertDemoContent(db, await prepareDemoContent(config), log);
}

/** Removes the files of prepared demo content that will not be used. */
export async function discardDemoContent(prepared: PreparedDemo): Promise<void> {
  await removeDemoImages(prepared.images, prepared.stored);
}

interface Secrets {
  demoHash: string;
  otherHash: string;
  avatarKeys: Map<string, string>;
  photoKeys: Map<string, string>;
}

async function insertPlan(tx: Executor, plan: DemoPlan, secrets: Secrets): Promise<void> {
  await tx.insert(users).values(
    plan.users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      passwordHash: user.key === 'demo' ? secrets.demoHash : secrets.otherHash,
      avatarKey: secrets.avatarKeys.get(user.id) ?? null,
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    })),
  );
  // search_vector is generated by the database and random_key has its own default, so neither is set here.
  await tx.insert(recipes).values(
    plan.recipes.map((recipe) => ({
      id: recipe.id,
      authorId: recipe.authorId,
      title: recipe.title,
      introduction: recipe.introduction,
      cookingTime: recipe.cookingTime,
      servings: recipe.servings,
      yieldText: recipe.yieldText,
      ingredients: recipe.ingredients,
      ingredientDetails: parseIngredientLines(recipe.ingredients),
      steps: recipe.steps,
      photoKey: secrets.photoKeys.get(recipe.id) ?? null,
      isPublished: recipe.isPublished,
      ratingSum: recipe.ratingSum,
      totalReviews: recipe.totalReviews,
      createdAt: recipe.createdAt,
      updatedAt: recipe.createdAt,
    })),
  );
  if (plan.reviews.length > 0) {
    await tx.insert(reviews).values(plan.reviews.map((review) => ({ ...review, updatedAt: review.createdAt })));
  }
  if (plan.saved.length > 0) await tx.insert(savedRecipes).values(plan.saved);
}
