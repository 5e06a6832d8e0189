import { sql, type SQL } from 'drizzle-orm';
import type { CreateRecipeValues, ParsedIngredient, UpdateRecipeValues } from '@forkful/contracts';
import type { Database, Executor } from '../db/client.js';
import { forbidden, notFound } from '../errors.js';
import { CARD_COLUMNS, RECIPE_COLUMNS, type RecipeCardRow, type RecipeRow } from './recipe-rows.js';
import {
  DEFAULT_SEARCH_LIMITS,
  searchRecipes,
  suggestTitles,
  type Run,
  type SearchLimits,
  type Suggestion,
} from './search.js';
import { USER_NOT_FOUND } from './users.js';

export const RECIPE_NOT_FOUND = 'Recipe not found';
const NOT_THE_AUTHOR = 'Only the author can change this recipe';

export type { RecipeCardRow, RecipeRow };

const cardColumns = sql.raw(CARD_COLUMNS);
const recipeColumns = sql.raw(RECIPE_COLUMNS);

/** findVisible's read: $1 the recipe, $2 the viewer or null (`author_id = NULL` is never true). */
const VISIBLE_RECIPE_SQL = `SELECT ${RECIPE_COLUMNS} FROM recipes r JOIN users u ON u.id = r.author_id
  WHERE r.id = $1 AND (r.is_published OR r.author_id = $2::uuid)`;

/** A recipe is visible when published, or to its author. */
function visibleTo(viewerId: string | null): SQL {
  return viewerId ? sql`(r.is_published OR r.author_id = ${viewerId})` : sql`r.is_published`;
}

export class RecipeRepository {
  constructor(
    private readonly db: Database,
    private readonly searchLimits: SearchLimits = DEFAULT_SEARCH_LIMITS,
  ) {}

  private async cards(query: SQL, tx: Executor = this.db): Promise<RecipeCardRow[]> {
    const result = await tx.execute<RecipeCardRow>(query);
    return result.rows;
  }

  /** `details` is `values.ingredients` read (services/ingredients), stored beside them in the same row. */
  async create(
    authorId: string,
    values: CreateRecipeValues,
    photoKey: string | null,
    details: ParsedIngredient[],
  ): Promise<string> {
    const result = await this.db.execute<{ id: string }>(sql`
      INSERT INTO recipes (author_id, title, introduction, cooking_time, ingredients, steps, photo_key, is_published,
                           servings, yield_text, ingredient_details, source_url, source_site_name)
      VALUES (${authorId}, ${values.title}, ${values.introduction}, ${values.cookingTime},
              ${sql.param(values.ingredients)}::text[], ${sql.param(values.steps)}::text[], ${photoKey}, ${values.isPublished},
              ${values.servings ?? null}, ${values.yieldText ?? null}, ${JSON.stringify(details)}::jsonb,
              ${values.sourceUrl ?? null}, ${values.sourceSiteName ?? null})
      RETURNING id`);
    const id = result.rows[0]?.id;
    if (!id) throw new Error('recipe insert returned nothing');
    return id;
  }

  async findVisible(id: string, viewerId: string | null, tx: Executor = this.db): Promise<RecipeRow> {
    // Outside a transaction (the view-recipe read, the hottest one): a named prepared statement, parsed and planned
    // once per pool connection instead of on every read.
    const result =
      tx === this.db
        ? await this.db.$client.query<RecipeRow>({
            name: 'recipe-visible',
            text: VISIBLE_RECIPE_SQL,
            values: [id, viewerId],
          })
        : await tx.execute<RecipeRow>(sql`
            SELECT ${recipeColumns} FROM recipes r JOIN users u ON u.id = r.author_id
            WHERE r.id = ${id} AND ${visibleTo(viewerId)}`);
    const row = result.rows[0];
    if (!row) throw notFound(RECIPE_NOT_FOUND);
    return row;
  }

  async findCard(id: string, viewerId: string | null, tx: Executor = this.db): Promise<RecipeCardRow> {
    const [row] = await this.cards(
      sql`SELECT ${cardColumns} FROM recipes r JOIN users u ON u.id = r.author_id
          WHERE r.id = ${id} AND ${visibleTo(viewerId)}`,
      tx,
    );
    if (!row) throw notFound(RECIPE_NOT_FOUND);
    return row;
  }

  /** Locks the recipe for a change by its author; others get 403 (or 404 for someone else's draft). */
  async lockForAuthor(tx: Executor, id: string, userId: string): Promise<{ photoKey: string | null }> {
    const result = await tx.execute<{ author_id: string; is_published: boolean; photo_key: string | null }>(sql`
      SELECT author_id, is_published, photo_key FROM recipes WHERE id = ${id} FOR UPDATE`);
    const row = result.rows[0];
    if (!row || (!row.is_published && row.author_id !== userId)) throw notFound(RECIPE_NOT_FOUND);
    if (row.author_id !== userId) throw forbidden(NOT_THE_AUTHOR);
    return { photoKey: row.photo_key };
  }

  /** Throws unless `userId` may change the recipe (used before reading an upload). */
  async assertAuthor(id: string, userId: string): Promise<void> {
    await this.db.transaction((tx) => this.lockForAuthor(tx, id, userId));
  }

  /**
   * The spec's edit call sends every field it knows; servings and yieldText are additions, so a caller that leaves
   * them out (an older client) keeps what the recipe has, and an explicit null clears them.
   */
  async update(
    id: string,
    userId: string,
    values: UpdateRecipeValues,
    details: ParsedIngredient[],
  ): Promise<RecipeRow> {
    return this.db.transaction(async (tx) => {
      await this.lockForAuthor(tx, id, userId);
      const servings = values.servings === undefined ? sql`servings` : sql`${values.servings}`;
      const yieldText = values.yieldText === undefined ? sql`yield_text` : sql`${values.yieldText}`;
      // Issue 21: the source, kept when the call leaves it out, cleared by an explicit null or empty text.
      const sourceUrl = values.sourceUrl === undefined ? sql`source_url` : sql`${values.sourceUrl}`;
      const sourceSiteName =
        values.sourceSiteName === undefined ? sql`source_site_name` : sql`${values.sourceSiteName}`;
      await tx.execute(sql`
        UPDATE recipes SET title = ${values.title}, introduction = ${values.introduction},
          cooking_time = ${values.cookingTime}, ingredients = ${sql.param(values.ingredients)}::text[],
          ingredient_details = ${JSON.stringify(details)}::jsonb,
          steps = ${sql.param(values.steps)}::text[], is_published = ${values.isPublished},
          servings = ${servings}, yield_text = ${yieldText}, source_url = ${sourceUrl},
          source_site_name = ${sourceSiteName}, updated_at = now()
        WHERE id = ${id}`);
      return this.findVisible(id, userId, tx);
    });
  }

  /** Sets the photo key; returns the updated recipe and the key it replaced (its files are the caller's to remove). */
  async replacePhotoKey(
    id: string,
    userId: string,
    photoKey: string | null,
  ): Promise<{ recipe: RecipeRow; previousKey: string | null }> {
    return this.db.transaction(async (tx) => {
      const { photoKey: previousKey } = await this.lockForAuthor(tx, id, userId);
      await tx.execute(sql`UPDATE recipes SET photo_key = ${photoKey}, updated_at = now() WHERE id = ${id}`);
      return { recipe: await this.findVisible(id, userId, tx), previousKey };
    });
  }

  async delete(id: string, userId: string): Promise<{ photoKey: string | null }> {
    return this.db.transaction(async (tx) => {
      const { photoKey } = await this.lockForAuthor(tx, id, userId);
      await tx.execute(sql`DELETE FROM recipes WHERE id = ${id}`);
      return { photoKey };
    });
  }

  /**
   * The page's ids come from an index-only scan of the published index (its NULLS LAST order spelled out, or the
   * index cannot serve the sort), and only those rows are read: skipping earlier pages then costs index entries,
   * not heap rows. The total is the trigger-kept counter (migration 0001), not a count(*) of the table.
   */
  async listPublished(page: number, limit: number): Promise<{ rows: RecipeCardRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.cards(sql`
        SELECT ${cardColumns} FROM (
          SELECT id FROM recipes WHERE is_published
          ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
          LIMIT ${limit} OFFSET ${(page - 1) * limit}
        ) p JOIN recipes r ON r.id = p.id JOIN users u ON u.id = r.author_id
        ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`),
      this.db.execute<{ total: string }>(sql`SELECT published AS total FROM recipe_counts`),
    ]);
    return { rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  /**
   * A random set without ORDER BY random(): a run of the random_key index from a random starting point (wrapping
   * round to the start of the index). The ids come first and the cards are joined after, as on the list page:
   * joined inside the limited scans, the planner sized a Memoize cache for the whole table's authors, which cost
   * 3-6 ms at a million recipes against under 1 ms for the query itself (bench/results).
   */
  async random(limit: number): Promise<RecipeCardRow[]> {
    const start = Math.random();
    const rows = await this.cards(sql`
      SELECT ${cardColumns} FROM (
        (SELECT id, random_key, 0 AS part FROM recipes
          WHERE is_published AND random_key >= ${start} ORDER BY random_key LIMIT ${limit})
        UNION ALL
        (SELECT id, random_key, 1 AS part FROM recipes
          WHERE is_published AND random_key < ${start} ORDER BY random_key LIMIT ${limit})
      ) p JOIN recipes r ON r.id = p.id JOIN users u ON u.id = r.author_id
      ORDER BY p.part, p.random_key`);
    return rows.slice(0, limit);
  }

  /** An unknown author is 404, like their profile; an author with nothing (visible) yet is an empty list. */
  async createdBy(authorId: string, viewerId: string | null): Promise<RecipeCardRow[]> {
    const author = await this.db.execute(sql`SELECT 1 FROM users WHERE id = ${authorId}`);
    if ((author.rowCount ?? 0) === 0) throw notFound(USER_NOT_FOUND);
    return this.cards(sql`
      SELECT ${cardColumns} FROM recipes r JOIN users u ON u.id = r.author_id
      WHERE r.author_id = ${authorId} AND ${visibleTo(viewerId)}
      ORDER BY r.created_at DESC, r.id DESC LIMIT 500`);
  }

  async savedBy(userId: string): Promise<RecipeCardRow[]> {
    return this.cards(sql`
      SELECT ${cardColumns} FROM saved_recipes s
        JOIN recipes r ON r.id = s.recipe_id JOIN users u ON u.id = r.author_id
      WHERE s.user_id = ${userId} AND ${visibleTo(userId)}
      ORDER BY s.created_at DESC LIMIT 500`);
  }

  /**
   * Takes a key-share lock on the recipe first: a delete in progress is waited for (then the recipe is gone: 404),
   * and a delete that comes later waits for this insert, rather than the insert failing its foreign key (a 500).
   */
  async save(recipeId: string, userId: string): Promise<RecipeCardRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM recipes WHERE id = ${recipeId} FOR KEY SHARE`);
      const card = await this.findCard(recipeId, userId, tx);
      await tx.execute(sql`
        INSERT INTO saved_recipes (user_id, recipe_id) VALUES (${userId}, ${recipeId}) ON CONFLICT DO NOTHING`);
      return card;
    });
  }

  async unsave(recipeId: string, userId: string): Promise<RecipeCardRow> {
    const card = await this.findCard(recipeId, userId);
    await this.db.execute(sql`DELETE FROM saved_recipes WHERE user_id = ${userId} AND recipe_id = ${recipeId}`);
    return card;
  }

  async isSaved(recipeId: string, userId: string): Promise<boolean> {
    await this.findCard(recipeId, userId);
    const result = await this.db.execute(sql`
      SELECT 1 FROM saved_recipes WHERE user_id = ${userId} AND recipe_id = ${recipeId}`);
    return (result.rowCount ?? 0) > 0;
  }

  /** The pool behind drizzle, for the search module's plain SQL (the same statements the bench's ceiling runs). */
  private readonly run: Run = async <Row>(text: string, params: unknown[]) =>
    (await this.db.$client.query(text, params)).rows as Row[];

  /** Suggestions: up to `limit` published titles, typo-tolerant and accent-insensitive (repositories/search.ts). */
  async suggest(query: string, limit: number): Promise<Suggestion[]> {
    return suggestTitles(this.run, query, limit, this.searchLimits);
  }

  /** Full search: ranked full-text over title, introduction and ingredients, with typo correction. */
  async searchByName(name: string, limit: number): Promise<RecipeCardRow[]> {
    return searchRecipes<RecipeCardRow>(this.run, name, limit, this.searchLimits);
  }
}
