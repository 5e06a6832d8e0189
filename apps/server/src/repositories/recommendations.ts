import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { RECOMMENDER as P } from './recommendation-parameters.js';
import { CARD_COLUMNS, type RecipeCardRow } from './recipe-rows.js';

/*
 * Reads of the tables the recommendation refresher keeps (migration 0007, docs/decisions/026): a request joins
 * precomputed neighbours and popularity with the viewer's own signals, and computes no similarity itself.
 * Every read keeps to published recipes and, for a signed-in viewer, leaves out their own, saved and reviewed ones.
 */

export type SignalAction = 'saved' | 'rated' | 'shared' | 'planned';

export type CandidateRow = RecipeCardRow & {
  score: number;
  popularity: number | null;
  /** The viewer's own recipe that contributed most, and what they did with it (personal candidates only). */
  reasonAction: SignalAction | null;
  reasonTitle: string | null;
};

export type EdgeRow = { recipeId: string; neighbourId: string; score: number };

const cardColumns = sql.raw(CARD_COLUMNS);
const KIND_WEIGHT = sql.raw(`CASE n.kind WHEN 1 THEN 1 ELSE ${P.contentWeight} END`);

/** Leaves out what a signed-in viewer wrote, saved or reviewed (and, for everyone, drafts). */
function notKnownTo(viewerId: string | null): SQL {
  if (!viewerId) return sql`r.is_published`;
  return sql`r.is_published AND r.author_id <> ${viewerId}
    AND NOT EXISTS (SELECT 1 FROM saved_recipes x WHERE x.user_id = ${viewerId} AND x.recipe_id = r.id)
    AND NOT EXISTS (SELECT 1 FROM reviews x WHERE x.owner_id = ${viewerId} AND x.recipe_id = r.id)`;
}

export class RecommendationRepository {
  constructor(private readonly db: Database) {}

  /**
   * The viewer's most recent signals (a low rating wins over a save of the same recipe), each joined with its
   * precomputed neighbours, summed per neighbour. The reason is the liked recipe whose edge contributed most.
   */
  async personal(userId: string, limit: number): Promise<CandidateRow[]> {
    const result = await this.db.execute<CandidateRow>(sql`
      WITH signals AS (
        SELECT recipe_id, 'saved' AS action, ${P.savedWeight}::real AS w, created_at AS at
          FROM saved_recipes WHERE user_id = ${userId}
        UNION ALL
        SELECT recipe_id, 'rated', (CASE rating WHEN 5 THEN 1 WHEN 4 THEN 0.6 WHEN 2 THEN -0.5 ELSE -1 END)::real,
               updated_at
          FROM reviews WHERE owner_id = ${userId} AND rating <> 3
        UNION ALL
        SELECT id, 'shared', ${P.ownWeight}::real, created_at FROM recipes WHERE author_id = ${userId} AND is_published
      ),
      mine AS (
        SELECT s.recipe_id, s.action, s.w FROM (
          SELECT DISTINCT ON (recipe_id) recipe_id, action, w, at FROM signals
          ORDER BY recipe_id, (w < 0) DESC, w DESC, at DESC
        ) s JOIN recipes b ON b.id = s.recipe_id AND b.is_published
        ORDER BY s.at DESC LIMIT ${P.signalsPerRequest}
      ),
      scored AS (
        SELECT n.neighbour_id AS id, sum(m.w * n.score * ${KIND_WEIGHT}) AS score,
               (array_agg(m.recipe_id ORDER BY m.w * n.score * ${KIND_WEIGHT} DESC) FILTER (WHERE m.w > 0))[1] AS because
        -- One primary-key range per signal (LATERAL, and OFFSET 0 so it is not flattened back into a join): as a
        -- plain join, the planner, which cannot size the CTE, read the whole table (90 ms at 10k recipes).
        FROM mine m CROSS JOIN LATERAL (
          SELECT x.neighbour_id, x.kind, x.score FROM recipe_neighbours x WHERE x.recipe_id = m.recipe_id OFFSET 0
        ) n
        GROUP BY n.neighbour_id
        HAVING sum(m.w * n.score * ${KIND_WEIGHT}) > 0
      )
      SELECT ${cardColumns}, s.score::float8 * (${1 - P.popularityWeight} + ${P.popularityWeight}
               * coalesce(p.score, 0) / greatest((SELECT max(score) FROM recipe_popularity), 1e-9))::float8 AS score,
             p.score::float8 AS popularity, m.action AS "reasonAction", b.title AS "reasonTitle"
      FROM scored s JOIN recipes r ON r.id = s.id JOIN users u ON u.id = r.author_id
        LEFT JOIN recipe_popularity p ON p.recipe_id = r.id
        LEFT JOIN mine m ON m.recipe_id = s.because LEFT JOIN recipes b ON b.id = s.because
      WHERE ${notKnownTo(userId)}
      ORDER BY score DESC, r.id LIMIT ${limit}`);
    return result.rows;
  }

  /** The best of the popularity prior (recent saves and good reviews, fresh recipes) that the viewer does not know. */
  async popular(viewerId: string | null, limit: number): Promise<CandidateRow[]> {
    const result = await this.db.execute<CandidateRow>(sql`
      SELECT ${cardColumns}, p.score::float8 AS score, p.score::float8 AS popularity,
             NULL AS "reasonAction", NULL AS "reasonTitle"
      FROM recipe_popularity p JOIN recipes r ON r.id = p.recipe_id JOIN users u ON u.id = r.author_id
      WHERE ${notKnownTo(viewerId)}
      ORDER BY p.score DESC, p.recipe_id LIMIT ${limit}`);
    return result.rows;
  }

  /** Before the first refresh (a new install): the newest published recipes, so a list is never empty. */
  async newest(viewerId: string | null, limit: number): Promise<CandidateRow[]> {
    const result = await this.db.execute<CandidateRow>(sql`
      SELECT ${cardColumns}, 0::float8 AS score, NULL AS popularity, NULL AS "reasonAction", NULL AS "reasonTitle"
      FROM recipes r JOIN users u ON u.id = r.author_id
      WHERE ${notKnownTo(viewerId)}
      ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST LIMIT ${limit}`);
    return result.rows;
  }

  /** A recipe's neighbours, co-liked and content blended, that the viewer does not know. */
  async similar(recipeId: string, viewerId: string | null, limit: number): Promise<CandidateRow[]> {
    const result = await this.db.execute<CandidateRow>(sql`
      SELECT ${cardColumns}, s.score::float8 AS score, NULL AS popularity,
             NULL AS "reasonAction", NULL AS "reasonTitle"
      FROM (
        SELECT n.neighbour_id AS id, sum(n.score * ${KIND_WEIGHT}) AS score
        FROM recipe_neighbours n WHERE n.recipe_id = ${recipeId} GROUP BY n.neighbour_id
      ) s JOIN recipes r ON r.id = s.id JOIN users u ON u.id = r.author_id
      WHERE ${notKnownTo(viewerId)}
      ORDER BY s.score DESC, r.id LIMIT ${limit}`);
    return result.rows;
  }

  /** Content similarity among a set of recipes: what the variety re-rank keeps apart. */
  async contentEdges(ids: string[]): Promise<EdgeRow[]> {
    if (ids.length < 2) return [];
    const list = sql.param(ids);
    const result = await this.db.execute<EdgeRow>(sql`
      SELECT n.recipe_id AS "recipeId", n.neighbour_id AS "neighbourId", n.score::float8 AS score
      FROM recipe_neighbours n
      WHERE n.recipe_id = ANY (${list}::uuid[]) AND n.kind = 2 AND n.neighbour_id = ANY (${list}::uuid[])`);
    return result.rows;
  }
}
