// The SQL of apps/server/src/repositories (recipes.ts, reviews.ts, sessions.ts, users.ts) for the eight bench
// scenarios, word for word with $n placeholders. The ceiling server runs exactly this through bare `pg` and maps
// rows with the server's own services/mappers.ts, so app ÷ ceiling is what the framework and our code add.
// Keep in step with the repositories when their SQL changes. Search is not copied: the ceiling runs the server's own
// search module (repositories/search.ts) over its bare pool.

import type * as RecipeRows from '../../apps/server/dist/repositories/recipe-rows.js';
import { serverModule } from './server-modules.js';

// The column lists and row types are the repositories' own (repositories/recipe-rows.ts, reviews.ts), loaded from
// the server's build, so they cannot drift.
const { CARD_COLUMNS: cardColumns, RECIPE_COLUMNS: recipeColumns } =
  await serverModule<typeof RecipeRows>('repositories/recipe-rows.js');
const { REVIEW_COLUMNS: reviewColumns } = await serverModule<{ REVIEW_COLUMNS: string }>('repositories/reviews.js');

export const queries = {
  listPage: `
    SELECT ${cardColumns} FROM (
      SELECT id FROM recipes WHERE is_published
      ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
      LIMIT $1 OFFSET $2
    ) p JOIN recipes r ON r.id = p.id JOIN users u ON u.id = r.author_id
    ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`,
  listCount: `SELECT published AS total FROM recipe_counts`,
  viewRecipe: `
    SELECT ${recipeColumns} FROM recipes r JOIN users u ON u.id = r.author_id
    WHERE r.id = $1 AND r.is_published`,
  recipeVisible: `SELECT 1 FROM recipes WHERE id = $1 AND (is_published OR author_id = $2)`,
  reviewPage: `
    SELECT ${reviewColumns} FROM reviews v JOIN users u ON u.id = v.owner_id
    WHERE v.recipe_id = $1
    ORDER BY v.created_at DESC NULLS LAST, v.id DESC NULLS LAST
    LIMIT $2 OFFSET $3`,
  reviewCount: `SELECT count(*) AS total FROM reviews v WHERE v.recipe_id = $1`,
  random: `
    SELECT ${cardColumns} FROM (
      (SELECT id, random_key, 0 AS part FROM recipes
        WHERE is_published AND random_key >= $1 ORDER BY random_key LIMIT $2)
      UNION ALL
      (SELECT id, random_key, 1 AS part FROM recipes
        WHERE is_published AND random_key < $3 ORDER BY random_key LIMIT $4)
    ) p JOIN recipes r ON r.id = p.id JOIN users u ON u.id = r.author_id
    ORDER BY p.part, p.random_key`,
  // A named prepared statement in the app (sessions.ts: 'session_is_active'); the ceiling uses the same name.
  sessionActive: `select "id" from "sessions"
    where ("sessions"."id" = $1 and "sessions"."user_id" = $2 and "sessions"."revoked_at" is null) limit $3`,
  visibleCard: `
    SELECT ${cardColumns} FROM recipes r JOIN users u ON u.id = r.author_id
    WHERE r.id = $1 AND (r.is_published OR r.author_id = $2)`,
  isSaved: `SELECT 1 FROM saved_recipes WHERE user_id = $1 AND recipe_id = $2`,
  // repositories/sitemap.ts `batch`, the first batch of a page (EXPLAIN only: the sitemap has no ceiling server).
  sitemapBatch: `
      SELECT id, updated_at FROM recipes
      WHERE is_published
        AND id >= $1::uuid
        AND id < $2::uuid
      ORDER BY id
      LIMIT $3`,
  userByEmail: `select "id", "name", "email", "avatar_key", "created_at", "password_hash" from "users"
    where "users"."email" = $1 limit $2`,
  startSession: `insert into "sessions" ("id", "user_id", "created_at", "revoked_at")
    values (default, $1, default, default) returning "id"`,
  storeRefreshToken: `insert into "refresh_tokens" ("id", "session_id", "token_hash", "expires_at", "rotated_at", "created_at")
    values (default, $1, $2, $3, default, default)`,
};

export type CardRow = RecipeRows.RecipeCardRow;
export type RecipeRow = RecipeRows.RecipeRow;
export type { ReviewRow } from '../../apps/server/dist/repositories/reviews.js';
