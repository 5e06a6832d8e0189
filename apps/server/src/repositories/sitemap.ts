import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/*
 * The published recipes for /sitemap.xml (issue 21, docs/decisions/023). Recipe ids are random UUIDs, so a page of
 * the sitemap is a range of ids (one 2^bits-th of the id space), read from recipes_sitemap_idx (id INCLUDE
 * updated_at WHERE is_published, migration 0008) by an index-only range scan, in batches that each start after the
 * last id of the one before: never an OFFSET, never a page in memory. How many ranges there are follows from the
 * count of published recipes that recipe_counts keeps, so the index itself reads one row.
 */

/** A batch of a sitemap page: its `<url>` elements, how many, and the last id (where the next batch starts). */
export interface SitemapBatch {
  xml: string;
  count: number;
  last: string | undefined;
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

  /**
   * Up to `limit` published recipes of `range` whose id is above `after` (from the range's start without it), as
   * sitemap `<url>` elements with their lastmod (W3C date-time in UTC, to the second). The text is put together by
   * PostgreSQL: one row per batch instead of thousands of rows and dates for Node to parse, which was most of a
   * page's time at a million recipes. `locPrefix` is the XML-escaped address before the id.
   */
  async urls(range: IdRange, after: string | undefined, limit: number, locPrefix: string): Promise<SitemapBatch> {
    // The lastmod as text by a cast (to_char took ten times as long), and no ORDER BY inside the aggregate (the order
    // of addresses in a sitemap means nothing; sorting again cost as much as the scan). The last id is the batch's
    // largest: uuid text compared byte by byte (COLLATE "C") sorts as the uuids do.
    const result = await this.db.execute<{ xml: string; count: number; last: string | null }>(sql`
      SELECT coalesce(string_agg(
               '<url><loc>' || ${locPrefix}::text || b.id::text || '</loc><lastmod>' ||
               replace(date_trunc('second', b.updated_at AT TIME ZONE 'UTC')::text, ' ', 'T') || 'Z</lastmod></url>',
               ''), '') AS xml,
             count(*)::int AS count,
             max(b.id::text COLLATE "C") AS last
      FROM (
        SELECT id, updated_at FROM recipes
        WHERE is_published
          AND ${after === undefined ? sql`id >= ${range.from}::uuid` : sql`id > ${after}::uuid`}
          ${range.to === undefined ? sql`` : sql`AND id < ${range.to}::uuid`}
        ORDER BY id
        LIMIT ${limit}
      ) b`);
    const row = result.rows[0];
    return { xml: row?.xml ?? '', count: Number(row?.count ?? 0), last: row?.last ?? undefined };
  }
}
