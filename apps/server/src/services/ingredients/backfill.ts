import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parseIngredientLines } from './parse.js';

/*
 * Fills ingredient_details for the recipes stored before migration 0004 (docs/decisions/021): SQL cannot run the
 * parser, so the server does it after start-up, a batch per short transaction, yielding between batches so
 * requests are served meanwhile. Until a row is reached, the mapper parses it on read, so answers never depend on
 * how far this has got. SKIP LOCKED lets two servers share the work and never waits for an edit in progress; an
 * edit writes its own details, and `IS NULL` is checked again under the lock, so a backfill never overwrites them.
 */

export const BACKFILL_BATCH = 500;

/** Parses every recipe whose details are NULL; resolves with how many it filled. */
export async function backfillIngredientDetails(db: Database, batch = BACKFILL_BATCH): Promise<number> {
  let filled = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; ingredients: string[] }>(sql`
        SELECT id, ingredients FROM recipes WHERE ingredient_details IS NULL
        LIMIT ${batch} FOR UPDATE SKIP LOCKED`);
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      const details = rows.map((row) => JSON.stringify(parseIngredientLines(row.ingredients)));
      await tx.execute(sql`
        UPDATE recipes r SET ingredient_details = d.details::jsonb
        FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(details)}::text[]) AS d(id, details)
        WHERE r.id = d.id AND r.ingredient_details IS NULL`);
      return rows.length;
    });
    if (count === 0) return filled;
    filled += count;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
