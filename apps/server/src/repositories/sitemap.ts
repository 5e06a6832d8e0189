import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/*
 * The published recipes for /sitemap.xml (issue 21, docs/decisions/023). Recipe ids are random UUIDs, so a page of
 * the sitemap is a range of ids (one 2^bits-th of the id space), read from recipes_sitemap_idx (id INCLUDE
 * updated_at WHERE is_published, migration 0008) by an index-only range scan, in batches that each start after the
 * last id of the one before: never an OFFSET, never a page in memory. How many ranges there are follows from the
 * count of published recipes that recipe_counts keeps, so the index itself reads one row.
 */

export interface SitemapRow {
  id: string;
  updatedAt: Date;
}

/** A range of ids: from `from` (inclusive) to `to` (exclusive; none for the last range). */
export interface IdRange {
  from: string;
  to: string | undefined;
}

export class SitemapRepository {
  constructor(private readonly db: Database) {}

  /** The number of published recipes, kept by a trigger (migration 0001): one row, not a count. */
  async publishedCount(): Promise<number> {
    const result = await this.db.execute<{ published: string | number }>(sql`SELECT published FROM recipe_counts`);
    return Number(result.rows[0]?.published ?? 0);
  }

  /** Up to `limit` published recipes of `range` whose id is above `after` (from the range's start without it). */
  async batch(range: IdRange, after: string | undefined, limit: number): Promise<SitemapRow[]> {
    const result = await this.db.execute<{ id: string; updated_at: string | Date }>(sql`
      SELECT id, updated_at FROM recipes
      WHERE is_published
        AND ${after === undefined ? sql`id >= ${range.from}::uuid` : sql`id > ${after}::uuid`}
        ${range.to === undefined ? sql`` : sql`AND id < ${range.to}::uuid`}
      ORDER BY id
      LIMIT ${limit}`);
    return result.rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at) }));
  }
}
