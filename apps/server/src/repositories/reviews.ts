import { sql } from 'drizzle-orm';
import { messages, REVIEW_PAGE_SIZE, type ReviewValues } from '@forkful/contracts';
import type { Database, Executor } from '../db/client.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { RECIPE_NOT_FOUND } from './recipes.js';

const OWN_RECIPE_REVIEW = 'You cannot review your own recipe';
const NOT_THE_REVIEW_OWNER = 'Only the author of this review can change it';

export type ReviewRow = {
  id: string;
  recipeId: string;
  rating: number;
  comment: string;
  ownerId: string;
  ownerName: string;
  ownerAvatarKey: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** For a review aliased `v` joined with its owner `u`. Plain text, so the bench's ceiling runs the same list. */
export const REVIEW_COLUMNS = `
  v.id, v.recipe_id AS "recipeId", v.rating, v.comment, v.owner_id AS "ownerId", u.name AS "ownerName",
  u.avatar_key AS "ownerAvatarKey", v.created_at AS "createdAt", v.updated_at AS "updatedAt"`;
const reviewColumns = sql.raw(REVIEW_COLUMNS);

/**
 * Every write locks the recipe row first (one lock order everywhere), then changes the review and the recipe's
 * rating sum and count in the same transaction, so avgRating and totalReviews stay exact under concurrency.
 */
export class ReviewRepository {
  constructor(private readonly db: Database) {}

  private async lockVisibleRecipe(tx: Executor, recipeId: string, viewerId: string | null) {
    const result = await tx.execute<{ author_id: string; is_published: boolean }>(sql`
      SELECT author_id, is_published FROM recipes WHERE id = ${recipeId} FOR UPDATE`);
    const row = result.rows[0];
    if (!row || (!row.is_published && row.author_id !== viewerId)) throw notFound(RECIPE_NOT_FOUND);
    return row;
  }

  private async assertRecipeVisible(recipeId: string, viewerId: string | null): Promise<void> {
    const result = await this.db.execute(sql`
      SELECT 1 FROM recipes WHERE id = ${recipeId} AND (is_published OR author_id = ${viewerId})`);
    if ((result.rowCount ?? 0) === 0) throw notFound(RECIPE_NOT_FOUND);
  }

  private async findRow(reviewId: string, tx: Executor = this.db): Promise<ReviewRow | undefined> {
    const result = await tx.execute<ReviewRow>(sql`
      SELECT ${reviewColumns} FROM reviews v JOIN users u ON u.id = v.owner_id WHERE v.id = ${reviewId}`);
    return result.rows[0];
  }

  async create(recipeId: string, ownerId: string, values: ReviewValues): Promise<ReviewRow> {
    return this.db.transaction(async (tx) => {
      const recipe = await this.lockVisibleRecipe(tx, recipeId, ownerId);
      if (recipe.author_id === ownerId) throw forbidden(OWN_RECIPE_REVIEW);
      const inserted = await tx.execute<{ id: string }>(sql`
        INSERT INTO reviews (recipe_id, owner_id, rating, comment)
        VALUES (${recipeId}, ${ownerId}, ${values.rating}, ${values.comment})
        ON CONFLICT (recipe_id, owner_id) DO NOTHING RETURNING id`);
      const id = inserted.rows[0]?.id;
      if (!id) throw conflict(messages.reviewAlreadyExists);
      await tx.execute(sql`
        UPDATE recipes SET rating_sum = rating_sum + ${values.rating}, total_reviews = total_reviews + 1
        WHERE id = ${recipeId}`);
      const row = await this.findRow(id, tx);
      if (!row) throw new Error('review vanished inside its own transaction');
      return row;
    });
  }

  /** Locks the recipe, then the review, and checks the caller owns the review. */
  private async lockOwnReview(tx: Executor, reviewId: string, ownerId: string) {
    const found = await tx.execute<{ recipe_id: string }>(sql`SELECT recipe_id FROM reviews WHERE id = ${reviewId}`);
    const recipeId = found.rows[0]?.recipe_id;
    if (!recipeId) throw notFound(messages.reviewNotFound);
    await this.lockVisibleRecipe(tx, recipeId, ownerId);
    const locked = await tx.execute<{ owner_id: string; rating: number }>(sql`
      SELECT owner_id, rating FROM reviews WHERE id = ${reviewId} FOR UPDATE`);
    const review = locked.rows[0];
    if (!review) throw notFound(messages.reviewNotFound);
    if (review.owner_id !== ownerId) throw forbidden(NOT_THE_REVIEW_OWNER);
    return { recipeId, rating: review.rating };
  }

  async update(reviewId: string, ownerId: string, values: ReviewValues): Promise<ReviewRow> {
    return this.db.transaction(async (tx) => {
      const { recipeId, rating } = await this.lockOwnReview(tx, reviewId, ownerId);
      await tx.execute(sql`
        UPDATE reviews SET rating = ${values.rating}, comment = ${values.comment}, updated_at = now()
        WHERE id = ${reviewId}`);
      await tx.execute(sql`
        UPDATE recipes SET rating_sum = rating_sum + ${values.rating - rating} WHERE id = ${recipeId}`);
      const row = await this.findRow(reviewId, tx);
      if (!row) throw new Error('review vanished inside its own transaction');
      return row;
    });
  }

  async delete(reviewId: string, ownerId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { recipeId, rating } = await this.lockOwnReview(tx, reviewId, ownerId);
      await tx.execute(sql`DELETE FROM reviews WHERE id = ${reviewId}`);
      await tx.execute(sql`
        UPDATE recipes SET rating_sum = rating_sum - ${rating}, total_reviews = total_reviews - 1
        WHERE id = ${recipeId}`);
    });
  }

  async findVisible(reviewId: string, viewerId: string | null): Promise<ReviewRow> {
    const row = await this.findRow(reviewId);
    if (!row) throw notFound(messages.reviewNotFound);
    await this.assertRecipeVisible(row.recipeId, viewerId).catch(() => {
      throw notFound(messages.reviewNotFound);
    });
    return row;
  }

  async findByOwner(ownerId: string, recipeId: string, viewerId: string | null): Promise<ReviewRow> {
    await this.assertRecipeVisible(recipeId, viewerId);
    const result = await this.db.execute<ReviewRow>(sql`
      SELECT ${reviewColumns} FROM reviews v JOIN users u ON u.id = v.owner_id
      WHERE v.recipe_id = ${recipeId} AND v.owner_id = ${ownerId}`);
    const row = result.rows[0];
    if (!row) throw notFound(messages.reviewNotFound);
    return row;
  }

  /**
   * One page of a recipe's reviews, newest first. The viewer's own review is left out: the client shows it on its
   * own (spec section 4), and leaving it out here keeps pages full and page counts right. NULLS LAST matches
   * reviews_recipe_created_idx, so a much-reviewed recipe's page is read in index order rather than sorted.
   */
  async page(
    recipeId: string,
    page: number,
    viewerId: string | null,
  ): Promise<{ rows: ReviewRow[]; total: number; totalPages: number }> {
    await this.assertRecipeVisible(recipeId, viewerId);
    const exclude = viewerId ? sql`AND v.owner_id <> ${viewerId}` : sql``;
    const [rows, count] = await Promise.all([
      this.db.execute<ReviewRow>(sql`
        SELECT ${reviewColumns} FROM reviews v JOIN users u ON u.id = v.owner_id
        WHERE v.recipe_id = ${recipeId} ${exclude}
        ORDER BY v.created_at DESC NULLS LAST, v.id DESC NULLS LAST
        LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${(page - 1) * REVIEW_PAGE_SIZE}`),
      this.db.execute<{ total: string }>(sql`
        SELECT count(*) AS total FROM reviews v WHERE v.recipe_id = ${recipeId} ${exclude}`),
    ]);
    const total = Number(count.rows[0]?.total ?? 0);
    return { rows: rows.rows, total, totalPages: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)) };
  }
}
