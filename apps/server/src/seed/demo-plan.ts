import { randomUUID } from 'node:crypto';
import { DEMO_CREDENTIALS, REVIEW_COMMENT_MAX, TITLE_PATTERN } from '@forkful/contracts';
import {
  createRandom,
  loadDemoContent,
  type DemoRecipe,
  type Random,
  type Rating,
  type ReviewComments,
} from '@forkful/demo-content';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface PlannedUser {
  id: string;
  key: string;
  name: string;
  email: string;
  /** A picture of the demo content (content/avatars), or null for the default avatar. */
  avatar: string | null;
  createdAt: Date;
}

export interface PlannedRecipe {
  id: string;
  authorId: string;
  title: string;
  introduction: string;
  cookingTime: number;
  servings: number | null;
  yieldText: string | null;
  ingredients: string[];
  steps: string[];
  isPublished: boolean;
  /** A picture of the demo content (content/photos), or null: no photo. */
  photo: string | null;
  ratingSum: number;
  totalReviews: number;
  createdAt: Date;
}

export interface PlannedReview {
  recipeId: string;
  ownerId: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

export interface PlannedSave {
  userId: string;
  recipeId: string;
  createdAt: Date;
}

/** Everything the seed inserts, decided up front, so the database work is one short transaction. */
export interface DemoPlan {
  users: PlannedUser[];
  recipes: PlannedRecipe[];
  reviews: PlannedReview[];
  saved: PlannedSave[];
}

/** How many of Demo Cook's saved recipes the demo shows. */
const DEMO_SAVED_COUNT = 7;

/**
 * Lays out the demo content relative to `now`: the same choices on every run (a seeded PRNG), with dates that
 * stay in the past and in a sensible order (users join, then publish, then get reviewed and saved).
 */
export function planDemoContent(now: Date): DemoPlan {
  const content = loadDemoContent();
  const random = createRandom('forkful-demo');
  const ago = (days: number, spreadHours: number) =>
    new Date(now.getTime() - days * DAY - random.range(0, spreadHours) * HOUR);

  const users: PlannedUser[] = content.users.map((user) => ({
    id: randomUUID(),
    key: user.key,
    name: user.name,
    email: user.key === 'demo' ? DEMO_CREDENTIALS.email : `${user.name.toLowerCase().replace(/ /g, '.')}@example.com`,
    avatar: user.avatar,
    createdAt: ago(user.joinedDaysAgo, 12),
  }));
  const userByKey = new Map(users.map((user) => [user.key, user]));
  const idOf = (key: string): string => {
    const user = userByKey.get(key);
    if (!user) throw new Error(`demo recipe by unknown user ${key}`);
    return user.id;
  };

  const recipes = content.recipes.map((recipe): PlannedRecipe => {
    assertValidRecipe(recipe);
    return {
      id: randomUUID(),
      authorId: idOf(recipe.author),
      title: recipe.title,
      introduction: recipe.introduction,
      cookingTime: recipe.cookingTime,
      servings: recipe.servings ?? null,
      yieldText: recipe.yieldText ?? null,
      ingredients: [...recipe.ingredients],
      steps: [...recipe.steps],
      isPublished: !recipe.draft,
      photo: recipe.photo,
      ratingSum: 0,
      totalReviews: 0,
      createdAt: ago(recipe.daysAgo, 12),
    };
  });

  const reviews = planReviews(random, recipes, users, content.reviewComments, now);
  for (const review of reviews) {
    const recipe = recipes.find((candidate) => candidate.id === review.recipeId);
    if (!recipe) throw new Error('review of an unknown recipe');
    recipe.ratingSum += review.rating;
    recipe.totalReviews += 1;
  }

  const demo = idOf('demo');
  const saved = random
    .shuffle(recipes.filter((recipe) => recipe.isPublished && recipe.authorId !== demo))
    .slice(0, DEMO_SAVED_COUNT)
    .map((recipe) => ({ userId: demo, recipeId: recipe.id, createdAt: between(random, recipe.createdAt, now) }));

  return { users, recipes, reviews, saved };
}

function planReviews(
  random: Random,
  recipes: PlannedRecipe[],
  users: PlannedUser[],
  comments: ReviewComments,
  now: Date,
): PlannedReview[] {
  const demo = users.find((user) => user.key === 'demo');
  if (!demo) throw new Error('the demo account is missing from the demo users');
  const reviews: PlannedReview[] = [];
  let othersRecipes = 0;
  for (const recipe of recipes) {
    if (!recipe.isPublished) continue;
    const count = random.int(2, 6);
    const reviewers = random.shuffle(users.filter((user) => user.id !== recipe.authorId && user.id !== demo.id));
    const chosen = reviewers.slice(0, count);
    // Demo Cook has reviewed every third recipe of other cooks, so both review-panel states can be shown.
    if (recipe.authorId !== demo.id && othersRecipes++ % 3 === 1) chosen[chosen.length - 1] = demo;
    // Some dishes simply land better than others, so averages differ from recipe to recipe.
    const quality = random.range(3.9, 4.9);
    // Walking each pool from a random start means no comment repeats within one recipe.
    const used: Record<Rating, number> = { 2: 0, 3: 0, 4: 0, 5: 0 };
    const offset = random.int(0, 20);
    for (const reviewer of chosen) {
      // The odd poor rating, but never one that drags a recipe with only a few reviews down to 'bad'.
      const rating: Rating =
        chosen.length >= 4 && random.chance(0.04)
          ? 2
          : (Math.max(3, Math.min(5, Math.round(quality + random.range(-1, 1)))) as Rating);
      const pool = comments[rating];
      const index = (offset + used[rating]++) % pool.length;
      const comment = random.chance(0.1) ? '' : (pool[index] ?? '');
      if (comment.length > REVIEW_COMMENT_MAX) throw new Error('a demo review comment is too long');
      reviews.push({
        recipeId: recipe.id,
        ownerId: reviewer.id,
        rating,
        comment,
        createdAt: between(random, recipe.createdAt, now),
      });
    }
  }
  return reviews;
}

/** A moment after `from` (by at least an hour) and before `to`, weighted towards the early side, as reviews are. */
function between(random: Random, from: Date, to: Date): Date {
  const start = from.getTime() + HOUR;
  const span = Math.max(0, to.getTime() - HOUR - start);
  return new Date(start + span * random.next() ** 1.6);
}

/** The demo data must pass the same rules a user's recipe does; a typo here should fail loudly in tests. */
function assertValidRecipe(recipe: DemoRecipe): void {
  const problems = [
    !TITLE_PATTERN.test(recipe.title) && 'title has characters outside letters, digits, space, hyphen and slash',
    recipe.ingredients.length === 0 && 'no ingredients',
    recipe.steps.length === 0 && 'no steps',
    recipe.daysAgo < 1 && 'daysAgo must be at least 1',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`demo recipe '${recipe.title}': ${problems.join(', ')}`);
}
