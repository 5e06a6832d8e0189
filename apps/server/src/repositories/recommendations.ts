import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { MAX_STALE_LIST_SECONDS, RECOMMENDER as P } from './recommendation-parameters.js';
import { CARD_COLUMNS, type RecipeCardRow } from './recipe-rows.js';
import { activeSessionSql } from './sessions.js';

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
  /** The cook's recipe behind a personal candidate (set by personalCards; absent elsewhere). */
  because?: string | null;
};

/** A personal candidate before its card is read: what the variety re-rank needs, and the reason's source. */
export type PersonalCandidate = {
  id: string;
  score: number;
  because: string | null;
  reasonAction: SignalAction | null;
};

export type EdgeRow = { recipeId: string; neighbourId: string; score: number };

const cardColumns = sql.raw(CARD_COLUMNS);
const KIND_WEIGHT_TEXT = `CASE n.kind WHEN 1 THEN 1 ELSE ${P.contentWeight} END`;

/**
 * The personal scoring, as one prepared statement ($1 the viewer, $2 how many): the viewer's most recent signals (a
 * low rating wins over a save of the same recipe), each read with its stored neighbours by a primary-key range,
 * summed per neighbour, times the popularity prior; the viewer's own, saved and reviewed recipes and drafts left out.
 * It returns ids and scores only: cards are read for the few that the variety re-rank keeps. Named, so that each
 * pool connection parses it once and PostgreSQL can keep its plan (the joins of the earlier one-statement read cost
 * more to plan than to run: docs/decisions/026).
 */
export const PERSONAL_SQL = `
  WITH signals AS (
    SELECT recipe_id, 'saved' AS action, ${P.savedWeight}::real AS w, created_at AS at
      FROM saved_recipes WHERE user_id = $1
    UNION ALL
    SELECT recipe_id, 'rated',
           (CASE rating WHEN 5 THEN 1 WHEN 4 THEN 0.6 WHEN 2 THEN ${-0.5 * P.dislikeScale} ELSE ${-P.dislikeScale} END)::real,
           updated_at
      FROM reviews WHERE owner_id = $1 AND rating <> 3
    UNION ALL
    SELECT id, 'shared', ${P.ownWeight}::real, created_at FROM recipes WHERE author_id = $1 AND is_published
  ),
  mine AS MATERIALIZED (
    SELECT s.recipe_id, s.action, s.w FROM (
      SELECT DISTINCT ON (recipe_id) recipe_id, action, w, at FROM signals
      ORDER BY recipe_id, (w < 0) DESC, w DESC, at DESC
    ) s JOIN recipes b ON b.id = s.recipe_id AND b.is_published
    ORDER BY s.at DESC LIMIT ${P.signalsPerRequest}
  ),
  scored AS (
    SELECT n.neighbour_id AS id, sum(m.w * n.score * ${KIND_WEIGHT_TEXT}) AS score,
           (array_agg(m.recipe_id ORDER BY m.w * n.score * ${KIND_WEIGHT_TEXT} DESC) FILTER (WHERE m.w > 0))[1] AS because,
           (array_agg(m.action ORDER BY m.w * n.score * ${KIND_WEIGHT_TEXT} DESC) FILTER (WHERE m.w > 0))[1] AS action
    -- One primary-key range per signal (LATERAL, and OFFSET 0 so it is not flattened back into a join): as a
    -- plain join, the planner, which cannot size the CTE, read the whole table (90 ms at 10k recipes).
    FROM mine m CROSS JOIN LATERAL (
      SELECT x.neighbour_id, x.kind, x.score FROM recipe_neighbours x WHERE x.recipe_id = m.recipe_id OFFSET 0
    ) n
    GROUP BY n.neighbour_id
    HAVING sum(m.w * n.score * ${KIND_WEIGHT_TEXT}) > 0
    -- The popularity factor is between ${1 - P.popularityWeight} and 1, so the best by the sum alone hold the best
    -- after it; only they are looked up (a cook with 80 signals has ~1,600 candidates at 1M recipes, and their
    -- probes for drafts, exclusions and popularity were two thirds of the read).
    ORDER BY score DESC LIMIT $2 * ${P.prefilterPerCandidate}
  )
  SELECT s.id, (s.score * (${1 - P.popularityWeight} + ${P.popularityWeight} * coalesce(p.score, 0)
           / greatest((SELECT max(score) FROM recipe_popularity), 1e-9)))::float8 AS score,
         s.because, s.action AS "reasonAction"
  FROM scored s JOIN recipes r ON r.id = s.id AND r.is_published AND r.author_id <> $1
    LEFT JOIN recipe_popularity p ON p.recipe_id = s.id
  WHERE NOT EXISTS (SELECT 1 FROM saved_recipes x WHERE x.user_id = $1 AND x.recipe_id = s.id)
    AND NOT EXISTS (SELECT 1 FROM reviews x WHERE x.owner_id = $1 AND x.recipe_id = s.id)
  ORDER BY score DESC, s.id LIMIT $2`;

/** Cards of chosen candidates, in any order, with the title of each one's reason (published only). */
export const CARDS_SQL = `
  SELECT ${CARD_COLUMNS}, NULL::float8 AS popularity, b.title AS "reasonTitle"
  FROM unnest($1::uuid[], $2::uuid[]) AS t(id, because)
    JOIN recipes r ON r.id = t.id AND r.is_published JOIN users u ON u.id = r.author_id
    LEFT JOIN recipes b ON b.id = t.because AND b.is_published`;

/** 'More like this': $1 the recipe, $2 the viewer or null, $3 how many. */
export const SIMILAR_SQL = `
  SELECT ${CARD_COLUMNS}, s.score::float8 AS score, NULL::float8 AS popularity,
         NULL AS "reasonAction", NULL AS "reasonTitle"
  FROM (
    SELECT n.neighbour_id AS id, sum(n.score * ${KIND_WEIGHT_TEXT}) AS score
    FROM recipe_neighbours n WHERE n.recipe_id = $1 GROUP BY n.neighbour_id
  ) s JOIN recipes r ON r.id = s.id AND r.is_published JOIN users u ON u.id = r.author_id
  WHERE $2::uuid IS NULL OR (r.author_id <> $2
    AND NOT EXISTS (SELECT 1 FROM saved_recipes x WHERE x.user_id = $2 AND x.recipe_id = r.id)
    AND NOT EXISTS (SELECT 1 FROM reviews x WHERE x.owner_id = $2 AND x.recipe_id = r.id))
  ORDER BY s.score DESC, r.id LIMIT $3`;

/** Which stored list (migration 0009): a cook's own, a recipe's 'more like this', the visitors' set. */
export const LIST_KIND = { personal: 1, similar: 2, visitors: 3 } as const;
export type ListKind = (typeof LIST_KIND)[keyof typeof LIST_KIND];
/** The visitors' set is stored under the nil uuid. */
export const VISITORS_SUBJECT = '00000000-0000-0000-0000-000000000000';

/** A stored list's entry: the recipe, and for a personal one the cook's recipe behind it and what they did. */
export type ListEntry = { id: string; because: string | null; reasonAction: SignalAction | null };

/**
 * The cards of a stored list that is still valid (based on the last refresh), best first, at most $4, drafts left
 * out. `l` is the list's row, joined by the caller. With `excludeKnown` (a 'more like this', stored once for everyone)
 * the read also leaves out viewer $3's saved and reviewed recipes; a personal list holds none (`storeList` leaves
 * them out under a lock on the cook, and their later save or review deletes the list: the migration's triggers), so
 * its read skips those two probes per card. Every read leaves out the viewer's own recipes (a column of the card's
 * row). The reasons' titles are read once per recipe named, not once per card (a cook's list names few).
 */
const storedCards = (excludeKnown: boolean) => `LEFT JOIN LATERAL (
    SELECT ${CARD_COLUMNS}, NULL::float8 AS popularity, 0::float8 AS score, t.pos,
           CASE WHEN b.title IS NULL THEN NULL ELSE t.action END AS "reasonAction", b.title AS "reasonTitle"
    FROM unnest(l.recipe_ids, l.because_ids, l.actions) WITH ORDINALITY AS t(id, because, action, pos)
      JOIN recipes r ON r.id = t.id AND r.is_published JOIN users u ON u.id = r.author_id
      LEFT JOIN (SELECT b.id, b.title FROM recipes b WHERE b.id = ANY (l.because_ids) AND b.is_published) b
        ON b.id = t.because
    WHERE $3::uuid IS NULL OR (r.author_id <> $3${
      excludeKnown
        ? `
      AND NOT EXISTS (SELECT 1 FROM saved_recipes x WHERE x.user_id = $3 AND x.recipe_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM reviews x WHERE x.owner_id = $3 AND x.recipe_id = r.id)`
        : ''
    })
    ORDER BY t.pos LIMIT $4
  ) c ON true`;
/**
 * A list is served when it is based on the last refresh (fresh) or on an earlier one less than MAX_STALE_LIST_SECONDS
 * ago (stale: the service answers from it and makes a new one in the background). `f` is the refreshes' one row, or
 * nulls before the first refresh (a list made then is fresh until it).
 */
const validList = `l.kind = $1 AND l.subject_id = $2 AND l.computed_for >= $4
    AND (l.based_on IS NOT DISTINCT FROM f.refreshed_at OR l.based_on > now() - interval '${MAX_STALE_LIST_SECONDS} seconds')`;
const listState = `l.kind IS NOT NULL AS cached, l.based_on IS NOT DISTINCT FROM f.refreshed_at AS fresh,
    l.computed_for AS "computedFor"`;
const refreshes = `LEFT JOIN recommendation_refreshes f ON true`;

/**
 * A personal or visitors' list: $1 kind, $2 subject. One row with "cached" false when there is no valid list. $5, when
 * not null, is the signed-in viewer's session: "sessionActive" says whether it is live, the test the auth hook would
 * have made in a round trip of its own (`sessionCheckedByRoute`, plugins/auth.ts).
 */
export const STORED_LIST_SQL = `
  SELECT ${listState}, ($5::uuid IS NULL OR ${activeSessionSql('$5', '$3')}) AS "sessionActive", c.*
  FROM (SELECT 1) one ${refreshes} LEFT JOIN recommendation_lists l ON ${validList}
  ${storedCards(false)}
  ORDER BY c.pos`;

/** 'More like this' for recipe $2 as viewer $3: no row when the viewer may not see the recipe (404, as its page). */
export const STORED_SIMILAR_SQL = `
  SELECT s.is_published AS "sourcePublished", ${listState}, c.*
  FROM recipes s ${refreshes} LEFT JOIN recommendation_lists l ON s.is_published AND ${validList}
  ${storedCards(true)}
  WHERE s.id = $2 AND (s.is_published OR s.author_id = $3)
  ORDER BY c.pos`;

const STORE_CONFLICT = `ON CONFLICT (kind, subject_id) DO UPDATE SET based_on = excluded.based_on,
    computed_for = excluded.computed_for, recipe_ids = excluded.recipe_ids,
    because_ids = excluded.because_ids, actions = excluded.actions`;

/** A list as made: $1 kind, $2 subject, $3 the refresh it is based on, $4 its length, $5-$7 its entries. */
const STORE_LIST_SQL = `
  INSERT INTO recommendation_lists (kind, subject_id, based_on, computed_for, recipe_ids, because_ids, actions)
  VALUES ($1, $2, $3::timestamptz, $4, $5::uuid[], $6::uuid[], $7::text[])
  ${STORE_CONFLICT}`;

const LOCK_COOK_SQL = 'SELECT 1 FROM users WHERE id = $1 FOR UPDATE';

/** A cook's list (kind 1) without what they have saved or reviewed, in its order; none when the cook is gone. */
const STORE_PERSONAL_LIST_SQL = `
  INSERT INTO recommendation_lists (kind, subject_id, based_on, computed_for, recipe_ids, because_ids, actions)
  SELECT $1, $2, $3::timestamptz, $4, coalesce(array_agg(t.id ORDER BY t.pos), '{}'),
         coalesce(array_agg(t.because ORDER BY t.pos), '{}'), coalesce(array_agg(t.action ORDER BY t.pos), '{}')
  FROM unnest($5::uuid[], $6::uuid[], $7::text[]) WITH ORDINALITY AS t(id, because, action, pos)
  WHERE NOT EXISTS (SELECT 1 FROM saved_recipes x WHERE x.user_id = $2 AND x.recipe_id = t.id)
    AND NOT EXISTS (SELECT 1 FROM reviews x WHERE x.owner_id = $2 AND x.recipe_id = t.id)
  HAVING EXISTS (SELECT 1 FROM users WHERE id = $2)
  ${STORE_CONFLICT}`;

type StoredRow = Partial<CandidateRow> & {
  cached: boolean;
  sessionActive?: boolean;
  fresh: boolean | null;
  computedFor: number | null;
  sourcePublished?: boolean;
};

/**
 * What a stored-list read found: whether a list was there, whether it is based on the last refresh (else it is
 * stale by one), how long it was made, and its cards (empty when there was none).
 */
export type StoredList = {
  cached: boolean;
  /** False when the session given with the read has ended (its rows are then not to be served). */
  sessionActive: boolean;
  fresh: boolean;
  computedFor: number;
  sourceVisible: boolean;
  sourcePublished: boolean;
  rows: CandidateRow[];
};

function storedListOf(rows: StoredRow[]): StoredList {
  const first = rows[0];
  return {
    cached: first?.cached ?? false,
    sessionActive: first?.sessionActive ?? true,
    fresh: first?.fresh ?? false,
    computedFor: first?.computedFor ?? 0,
    sourceVisible: first !== undefined,
    sourcePublished: first?.sourcePublished ?? true,
    rows: rows.filter((row): row is StoredRow & CandidateRow => row.id != null),
  };
}

/** Leaves out what a signed-in viewer wrote, saved or reviewed (and, for everyone, drafts). */
function notKnownTo(viewerId: string | null): SQL {
  if (!viewerId) return sql`r.is_published`;
  return sql`r.is_published AND r.author_id <> ${viewerId}
    AND NOT EXISTS (SELECT 1 FROM saved_recipes x WHERE x.user_id = ${viewerId} AND x.recipe_id = r.id)
    AND NOT EXISTS (SELECT 1 FROM reviews x WHERE x.owner_id = ${viewerId} AND x.recipe_id = r.id)`;
}

export class RecommendationRepository {
  constructor(private readonly db: Database) {}

  /** The viewer's personal candidates, best first (ids and scores; see PERSONAL_SQL). */
  async personal(userId: string, limit: number): Promise<PersonalCandidate[]> {
    const result = await this.db.$client.query<PersonalCandidate>({
      name: 'recommendations-personal',
      text: PERSONAL_SQL,
      values: [userId, limit],
    });
    return result.rows;
  }

  /** Cards for chosen personal candidates, with their reasons, in the order given (drafts dropped). */
  async personalCards(candidates: PersonalCandidate[]): Promise<CandidateRow[]> {
    if (candidates.length === 0) return [];
    const result = await this.db.$client.query<Omit<CandidateRow, 'score' | 'reasonAction'>>({
      name: 'recommendations-cards',
      text: CARDS_SQL,
      values: [candidates.map((c) => c.id), candidates.map((c) => c.because)],
    });
    const byId = new Map(result.rows.map((row) => [row.id, row]));
    return candidates.flatMap((candidate) => {
      const row = byId.get(candidate.id);
      return row
        ? [
            {
              ...row,
              score: candidate.score,
              because: candidate.because,
              reasonAction: row.reasonTitle ? candidate.reasonAction : null,
            },
          ]
        : [];
    });
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

  /** A recipe's neighbours, co-liked and content blended, that the viewer does not know (prepared, as personal). */
  async similar(recipeId: string, viewerId: string | null, limit: number): Promise<CandidateRow[]> {
    const result = await this.db.$client.query<CandidateRow>({
      name: 'recommendations-similar',
      text: SIMILAR_SQL,
      values: [recipeId, viewerId, limit],
    });
    return result.rows;
  }

  /** A stored personal or visitors' list, read for `viewerId`, checking `sessionId` when given (STORED_LIST_SQL). */
  async storedList(
    kind: ListKind,
    subjectId: string,
    viewerId: string | null,
    limit: number,
    sessionId: string | null = null,
  ): Promise<StoredList> {
    const result = await this.db.$client.query<StoredRow>({
      name: 'recommendations-stored-list',
      text: STORED_LIST_SQL,
      values: [kind, subjectId, viewerId, limit, sessionId],
    });
    return storedListOf(result.rows);
  }

  /** A recipe's stored 'more like this', read for `viewerId`, with whether the viewer may see the recipe at all. */
  async storedSimilar(recipeId: string, viewerId: string | null, limit: number): Promise<StoredList> {
    const result = await this.db.$client.query<StoredRow>({
      name: 'recommendations-stored-similar',
      text: STORED_SIMILAR_SQL,
      values: [LIST_KIND.similar, recipeId, viewerId, limit],
    });
    return storedListOf(result.rows);
  }

  /**
   * The last refresh's time as PostgreSQL wrote it (text: a JS Date would drop the microseconds, and the list would
   * never match), or null before the first refresh. Read before a list is computed: a refresh that commits meanwhile
   * makes the list stale at once, never wrongly valid.
   */
  async refreshStamp(): Promise<string | null> {
    const result = await this.db.$client.query<{ at: string }>(
      'SELECT refreshed_at::text AS at FROM recommendation_refreshes',
    );
    return result.rows[0]?.at ?? null;
  }

  /**
   * Stores a finished list made for a limit of `computedFor` (replacing the subject's earlier one). A cook's list is
   * stored without the recipes they have saved or reviewed by now, under a lock on their row: a save or review
   * committed while the list was being scored is left out (the lock waits for it, and the insert that follows sees
   * it), and one coming after waits for the lock (its foreign key locks the same row) and then deletes the list (the
   * triggers). So a personal list never holds what its cook knows, and its read needs no probe for it. A cook whose
   * account went meanwhile gets no list.
   */
  async storeList(
    kind: ListKind,
    subjectId: string,
    basedOn: string | null,
    computedFor: number,
    entries: ListEntry[],
  ): Promise<void> {
    const values = [
      kind,
      subjectId,
      basedOn,
      computedFor,
      entries.map((entry) => entry.id),
      entries.map((entry) => entry.because),
      entries.map((entry) => entry.reasonAction),
    ];
    if (kind !== LIST_KIND.personal) {
      await this.db.$client.query({ name: 'recommendations-store-list', text: STORE_LIST_SQL, values });
      return;
    }
    const client = await this.db.$client.connect();
    try {
      await client.query('BEGIN');
      // FOR UPDATE, not a weaker lock: the foreign key checks of a new save or review take FOR KEY SHARE.
      await client.query({ name: 'recommendations-lock-cook', text: LOCK_COOK_SQL, values: [subjectId] });
      await client.query({ name: 'recommendations-store-personal', text: STORE_PERSONAL_LIST_SQL, values });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Content similarity among a set of recipes: what the variety re-rank keeps apart. */
  async contentEdges(ids: string[]): Promise<EdgeRow[]> {
    if (ids.length < 2) return [];
    const result = await this.db.$client.query<EdgeRow>({
      name: 'recommendations-content-edges',
      text: `SELECT n.recipe_id AS "recipeId", n.neighbour_id AS "neighbourId", n.score::float8 AS score
             FROM recipe_neighbours n
             WHERE n.recipe_id = ANY ($1::uuid[]) AND n.kind = 2 AND n.neighbour_id = ANY ($1::uuid[])`,
      values: [ids],
    });
    return result.rows;
  }
}
