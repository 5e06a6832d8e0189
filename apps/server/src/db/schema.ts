import type { ParsedIngredient } from '@forkful/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Storage key of the avatar's image set; null means the default picture. */
    avatarKey: text('avatar_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    introduction: text('introduction').notNull().default(''),
    cookingTime: integer('cooking_time').notNull(),
    ingredients: text('ingredients').array().notNull(),
    steps: text('steps').array().notNull(),
    /** Storage key of the photo's image set; null when the recipe has no photo. */
    photoKey: text('photo_key'),
    isPublished: boolean('is_published').notNull().default(false),
    ratingSum: integer('rating_sum').notNull().default(0),
    totalReviews: integer('total_reviews').notNull().default(0),
    /** Filled by the database (a generated column defined in the search migration). */
    /** A random sort key, so a random set is an index range scan rather than ORDER BY random(). */
    randomKey: doublePrecision('random_key')
      .notNull()
      .default(sql`random()`),
    /** The title without accents, lower-case: what suggestions match and rank (migration 0002). */
    titleNorm: text('title_norm')
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(title))`),
    /** Weighted full-text document: title (A), introduction (B), ingredients (C); accents removed. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, f_unaccent(title)), 'A') || setweight(to_tsvector('english'::regconfig, f_unaccent(introduction)), 'B') || setweight(to_tsvector('english'::regconfig, f_unaccent(f_join_text(ingredients))), 'C')`,
    ),
    /** Issue 17 (migration 0004): whole servings 1-100, and the yield as written; both optional. */
    servings: integer('servings'),
    yieldText: text('yield_text'),
    /**
     * `ingredients` read by services/ingredients/parse.ts, one entry per line, written with them. NULL for a recipe
     * stored before migration 0004 until the start-up backfill reaches it (docs/decisions/021).
     */
    ingredientDetails: jsonb('ingredient_details').$type<ParsedIngredient[]>(),
    /** Issue 21 (migration 0005): where an imported recipe came from; both optional. */
    sourceUrl: text('source_url'),
    sourceSiteName: text('source_site_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recipes_author_created_idx').on(t.authorId, t.createdAt.desc()),
    index('recipes_published_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('recipes_published_random_idx')
      .on(t.randomKey)
      .where(sql`${t.isPublished}`),
    index('recipes_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.isPublished}`),
    index('recipes_title_words_idx')
      .using('gin', sql`to_tsvector('simple'::regconfig, ${t.titleNorm})`)
      .where(sql`${t.isPublished}`),
    // The migration adds INCLUDE (title_norm, title), so suggestions read the window from the index alone.
    index('recipes_published_popular_idx')
      .on(t.totalReviews.desc(), t.id)
      .where(sql`${t.isPublished}`),
    index('recipes_ingredient_details_pending')
      .on(t.id)
      .where(sql`${t.ingredientDetails} IS NULL`),
    // The migration (0008) adds INCLUDE (updated_at): a sitemap page is read from the index alone (decision 023).
    index('recipes_sitemap_idx')
      .on(t.id)
      .where(sql`${t.isPublished}`),
  ],
);

/** The distinct words of every title (three letters or more), for typo correction; filled by a trigger. */
export const titleWords = pgTable('title_words', {
  word: text('word').primaryKey(),
});

/**
 * The words of each published recipe's title, with its number of reviews: a word's most-reviewed recipes, read from
 * the front of an index, for one-word searches (migration 0003); filled by a trigger on recipes.
 */
export const recipeTitleWords = pgTable(
  'recipe_title_words',
  {
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    totalReviews: integer('total_reviews').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recipeId, t.word] }),
    index('recipe_title_words_popular_idx').on(t.word, t.totalReviews.desc(), t.recipeId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_recipe_owner_key').on(t.recipeId, t.ownerId),
    index('reviews_recipe_created_idx').on(t.recipeId, t.createdAt.desc(), t.id.desc()),
    index('reviews_owner_idx').on(t.ownerId),
  ],
);

export const savedRecipes = pgTable(
  'saved_recipes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recipeId] }), index('saved_recipes_recipe_idx').on(t.recipeId)],
);

/** A login: one family of rotating refresh tokens. Revoking it ends the session everywhere it is used. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Issue 19 (migration 0007, docs/decisions/026): each recipe's nearest recipes, kept by the recommendation refresher.
 * kind 1 = co-liked (collaborative filtering, pairs linked by at least 3 users), 2 = content. No foreign keys: the
 * reads join recipes, and a full refresh rewrites the table.
 */
export const recipeNeighbours = pgTable(
  'recipe_neighbours',
  {
    recipeId: uuid('recipe_id').notNull(),
    neighbourId: uuid('neighbour_id').notNull(),
    kind: smallint('kind').notNull(),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ name: 'recipe_neighbours_pkey', columns: [t.recipeId, t.kind, t.neighbourId] })],
);

/** The popularity prior with time decay (migration 0007). */
export const recipePopularity = pgTable(
  'recipe_popularity',
  {
    recipeId: uuid('recipe_id').primaryKey(),
    score: real('score').notNull(),
  },
  (t) => [index('recipe_popularity_score_idx').on(t.score.desc(), t.recipeId)],
);

/**
 * Finished recommendation lists, best first (migration 0009, decision 026 "Stored lists"): kind 1 a cook's own list,
 * 2 a recipe's 'more like this', 3 the visitors' set. Fresh while `basedOn` equals the last refresh's refreshedAt;
 * an older one (up to MAX_STALE_LIST_SECONDS) is served while it is made again.
 */
export const recommendationLists = pgTable(
  'recommendation_lists',
  {
    kind: smallint('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    basedOn: timestamp('based_on', { withTimezone: true, mode: 'date' }),
    computedFor: smallint('computed_for').notNull(),
    recipeIds: uuid('recipe_ids').array().notNull(),
    becauseIds: uuid('because_ids').array().notNull(),
    actions: text('actions').array().notNull(),
  },
  (t) => [primaryKey({ name: 'recommendation_lists_pkey', columns: [t.kind, t.subjectId] })],
);

/** The one row of the last recommendation refresh (migration 0007). */
export const recommendationRefreshes = pgTable('recommendation_refreshes', {
  id: smallint('id').primaryKey().default(1),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
  marker: text('marker').notNull(),
  seconds: real('seconds').notNull(),
  coLikedPairs: integer('co_liked_pairs').notNull(),
  contentPairs: integer('content_pairs').notNull(),
  /** Refreshes run so far (migration 0011): each takes the next rotating slice. */
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
  /** Whether the last refresh kept its likes with the change log in place (migration 0012). */
  changesLogged: boolean('changes_logged').notNull().default(false),
});

/**
 * The likes the last recommendation refresh used (migration 0011; written by the refresh only), each with its cook's
 * weight (migration 0012; NULL when kept before it).
 */
export const recommendationLikes = pgTable(
  'recommendation_likes',
  {
    userId: uuid('user_id').notNull(),
    recipeId: uuid('recipe_id').notNull(),
    uw: real('uw'),
  },
  (t) => [
    primaryKey({ name: 'recommendation_likes_pkey', columns: [t.userId, t.recipeId] }),
    index('recommendation_likes_recipe_idx').on(t.recipeId),
  ],
);

/**
 * Writes that may have changed a cook's likes since the last recommendation refresh (migration 0012): filled by
 * triggers on saved_recipes, reviews, meal_plan_entries and recipes, read and emptied by the refresh.
 */
export const recommendationChanges = pgTable('recommendation_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  recipeId: uuid('recipe_id').notNull(),
  recipeChanged: boolean('recipe_changed').notNull().default(false),
});

/**
 * Issue 18 (migration 0006, docs/decisions/024): a user's planned meals. A recipe entry has `recipeTitle` (the title
 * when planned) and `recipeId` (NULL once the recipe is deleted); a note has `note`. slot 0-3 = breakfast, lunch,
 * dinner, snack.
 */
export const mealPlanEntries = pgTable(
  'meal_plan_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    date: date('date', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    position: integer('position').notNull(),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'set null' }),
    recipeTitle: text('recipe_title'),
    note: text('note'),
    servings: integer('servings'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meal_plan_entries_user_date_idx').on(t.userId, t.date, t.slot, t.position),
    uniqueIndex('meal_plan_entries_client_key')
      .on(t.userId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    index('meal_plan_entries_recipe_idx')
      .on(t.recipeId)
      .where(sql`${t.recipeId} IS NOT NULL`),
  ],
);

/** Issue 18: slot times and calendar event length per user (a missing row means the defaults). */
export const mealPlanSettings = pgTable('meal_plan_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  slotTimes: jsonb('slot_times').notNull(),
  eventMinutes: integer('event_minutes').notNull(),
  updatedAt: updatedAt(),
});

/** Issue 18: the calendar feed's secret, stored as the SHA-256 of the URL token (regenerating replaces both). */
export const mealPlanCalendarFeeds = pgTable(
  'meal_plan_calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('meal_plan_calendar_feeds_token_key').on(t.tokenHash)],
);

/** Issue 18: one line of a user's shopping list (merge rules in docs/decisions/024). */
export const shoppingItems = pgTable(
  'shopping_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id'),
    text: text('text').notNull(),
    quantity: doublePrecision('quantity'),
    unit: text('unit'),
    food: text('food'),
    aisle: text('aisle'),
    checked: boolean('checked').notNull().default(false),
    mergeKey: text('merge_key'),
    amount: doublePrecision('amount'),
    fromRecipes: boolean('from_recipes').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shopping_items_user_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('shopping_items_client_key')
      .on(t.userId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
  ],
);

/**
 * Issue 18: which recipe line went into which shopping line, with its share (`origin` unique per user). Only the
 * item is a foreign key (migration 0006 says why).
 */
export const shoppingItemSources = pgTable(
  'shopping_item_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => shoppingItems.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    entryId: uuid('entry_id'),
    recipeId: uuid('recipe_id'),
    recipeTitle: text('recipe_title').notNull(),
    amount: doublePrecision('amount'),
    unit: text('unit'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shopping_item_sources_origin_key').on(t.userId, t.origin),
    index('shopping_item_sources_item_idx').on(t.itemId),
    index('shopping_item_sources_entry_idx')
      .on(t.entryId)
      .where(sql`${t.entryId} IS NOT NULL`),
  ],
);

/**
 * Issue 18 (migration 0010, decision 024 "The list answer, kept"): a version per shopping list, changed by triggers
 * with every change to the user's lines or their sources; the nil uuid's row changes with any recipe's visibility.
 */
export const shoppingListVersions = pgTable('shopping_list_versions', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
