import type pg from 'pg';
import { lowerBackendPriority, type LoweredPriority } from '../db/backend-priority.js';
import {
  MAX_REFRESH_AGE_SECONDS,
  MAX_STALE_LIST_SECONDS,
  RECOMMENDER as P,
  REFRESH_LOCK,
} from './recommendation-parameters.js';

/*
 * The neighbour refresh: set-based SQL in one transaction, under a transaction-level advisory lock so that one app
 * instance computes while the others skip (pg_try_advisory_xact_lock; the lock goes with the transaction, also when
 * the process dies). Readers keep reading the previous rows until the commit (MVCC). Plain SQL over a pg pool, so
 * the bench runs exactly these statements (docs/decisions/026).
 */

export interface RefreshResult {
  /** 'locked': another instance is refreshing; 'unchanged': no new signal since the last refresh. */
  status: 'refreshed' | 'locked' | 'unchanged';
  seconds: number;
  coLikedPairs: number;
  contentPairs: number;
  /**
   * How the refresh's backend ran when `lowPriority` was asked: 'idle' (SCHED_IDLE and nice 19), 'nice' (nice 19
   * only), or absent (normal priority: not asked, or not a backend of this host).
   */
  priority?: 'idle' | 'nice';
}

/** Where meal-plan entries are, when the meal planner's table exists (issue 18); null otherwise. */
async function mealPlanTable(client: pg.PoolClient): Promise<string | null> {
  const result = await client.query<{ table_name: string }>(`
    SELECT c.table_name FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.table_name IN ('meal_plan_entries', 'meal_plan_items', 'meal_plans')
      AND c.column_name IN ('user_id', 'recipe_id')
    GROUP BY c.table_name HAVING count(*) = 2 ORDER BY c.table_name LIMIT 1`);
  return result.rows[0]?.table_name ?? null;
}

/**
 * What changed since the last refresh: counts and newest times of every signal, and the newest row of the change log
 * (a save and its unsave leave the counts as they were, not the log). Cheap next to a refresh.
 */
const MARKER_SQL = `
  SELECT concat_ws('|',
    (SELECT count(*) || '/' || coalesce(max(created_at)::text, '') FROM saved_recipes),
    (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM reviews),
    (SELECT coalesce(max(id), 0) FROM recommendation_changes)) AS signals,
    (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM recipes WHERE is_published) AS recipes`;

/**
 * Every signal as (user, recipe, weight, time): a like is > 0, a dislike < 0; only published recipes. `cooks`, when
 * given, narrows it to some cooks' signals, each branch through its own index on the cook: a table of user_id (`in`),
 * or a predicate on the cook column (`where`, e.g. a range of ids).
 */
function signalsSql(mealPlan: string | null, cooks?: { in: string } | { where: (column: string) => string }): string {
  const of = (column: string) =>
    !cooks ? 'true' : 'in' in cooks ? `${column} IN (SELECT user_id FROM ${cooks.in})` : cooks.where(column);
  const planned = mealPlan
    ? `UNION ALL SELECT user_id, recipe_id, ${P.plannedWeight}::real, now() FROM "${mealPlan}"
       WHERE recipe_id IS NOT NULL AND ${of('user_id')}`
    : '';
  return `
    SELECT user_id, recipe_id, ${P.savedWeight}::real AS w, created_at AS at FROM saved_recipes WHERE ${of('user_id')}
    UNION ALL
    SELECT owner_id, recipe_id,
           (CASE rating WHEN 5 THEN 1 WHEN 4 THEN 0.6 WHEN 3 THEN 0 WHEN 2 THEN -0.5 ELSE -1 END)::real, updated_at
    FROM reviews WHERE ${of('owner_id')}
    UNION ALL
    SELECT author_id, id, ${P.ownWeight}::real, created_at FROM recipes WHERE is_published AND ${of('author_id')}
    ${planned}`;
}

/**
 * A cook's likes from `signals` (their signals as user_id, recipe_id, w, at): a recipe counts when some signal likes
 * it and none dislikes it (a low rating wins over a save), published recipes only, the cook's likesPerUser most
 * recent, each row with `recent`, its rank among the cook's likes (rows above likesPerUser are to be left out).
 */
const likesSql = (signals: string) => `
  SELECT s.user_id, s.recipe_id,
         row_number() OVER (PARTITION BY s.user_id ORDER BY max(s.at) DESC, s.recipe_id) AS recent
  FROM (${signals}) s
    JOIN recipes r ON r.id = s.recipe_id AND r.is_published
  GROUP BY s.user_id, s.recipe_id
  HAVING max(s.w) > 0 AND min(s.w) >= 0`;

/**
 * Every cook's likes with their weight, into rec_new_likes, in statementSlices statements of a range of cook ids each
 * (a forced refresh). One statement over every signal (until 2026-12-03) grouped, sorted and ranked 8.5 million rows
 * at 1M recipes at once, in files (~58 s), and the API's p99 was up to 9.5× its quiet p99 meanwhile; a slice's rows fit
 * in memory, and its cooks' signals are read through the indexes on the cook. The slices' first ids are taken from
 * the users at the start (the first slice has no lower bound and the last no upper one, so no cook is missed).
 */
function slicedLikesStatements(mealPlan: string | null): string[] {
  const first = (slice: number) => `(SELECT first FROM rec_cook_slices WHERE slice = ${slice})`;
  const range = (slice: number) => (column: string) =>
    [
      slice > 1 ? `${column} >= ${first(slice)}` : '',
      slice < P.statementSlices ? `${column} < ${first(slice + 1)}` : '',
    ]
      .filter(Boolean)
      .join(' AND ') || 'true';
  return [
    // The first id of each slice: the cook at position ⌊(k − 1) · n / slices⌋ + 1 of the n by id, so all 16 exist
    // however few the cooks (with fewer than 16, some slices are empty ranges). ntile gave fewer slices than 16 to a
    // small site, and the cooks of its last slice, whose upper bound was then a missing slice, had no likes.
    `CREATE TEMP TABLE rec_cook_slices ON COMMIT DROP AS
     SELECT k AS slice, u.id AS first
     FROM (SELECT count(*) AS n FROM users) c CROSS JOIN generate_series(1, ${P.statementSlices}) k
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS position FROM users) u
         ON u.position = (k - 1) * c.n / ${P.statementSlices} + 1`,
    `CREATE TEMP TABLE rec_new_likes (user_id uuid NOT NULL, recipe_id uuid NOT NULL, uw real NOT NULL) ON COMMIT DROP`,
    // Through the indexes, not by hashing the whole recipes table for each slice.
    `SET LOCAL enable_hashjoin = off`,
    `SET LOCAL enable_mergejoin = off`,
    ...Array.from(
      { length: P.statementSlices },
      (_, n) => `INSERT INTO rec_new_likes (user_id, recipe_id, uw)
       SELECT user_id, recipe_id, power((count(*) OVER (PARTITION BY user_id))::float8, ${-P.coLikedUserWeightExponent})::real
       FROM (${likesSql(signalsSql(mealPlan, { where: range(n + 1) }))}) l
       WHERE recent <= ${P.likesPerUser}`,
    ),
    `SET LOCAL enable_hashjoin TO DEFAULT`,
    `SET LOCAL enable_mergejoin TO DEFAULT`,
  ];
}

const halfLife = (days: number) => `${days * 86400}`;

/**
 * A temp table of computed neighbours (recipe_id, neighbour_id, score) filled by statementSlices statements, one per
 * slice (`sliceSql(1..n)`), with hash and merge joins off for them so that each runs as the nested loop it is written
 * for (one recipe at a time through the indexes), whatever the statistics say; then back to the configured values
 * (not simply 'on': an operator may have turned one off in postgresql.conf).
 */
function inSlices(table: string, sliceSql: (slice: number) => string): string[] {
  return [
    `CREATE TEMP TABLE ${table} (recipe_id uuid NOT NULL, neighbour_id uuid NOT NULL, score real NOT NULL)
     ON COMMIT DROP`,
    `SET LOCAL enable_hashjoin = off`,
    `SET LOCAL enable_mergejoin = off`,
    ...Array.from({ length: P.statementSlices }, (_, slice) => sliceSql(slice + 1)),
    `SET LOCAL enable_hashjoin TO DEFAULT`,
    `SET LOCAL enable_mergejoin TO DEFAULT`,
  ];
}

/**
 * The co-liked neighbours (kind 1) of one slice of the recipes in rec_like_counts: co / (nᵢ^(1 − α) · nⱼ^α) over the
 * users who like both (parameters), each user counting with their weight (co and n are sums of weights), the top
 * coLikedNeighbours per recipe. (user, recipe) is unique in the kept likes, so count(*) is the number of distinct users
 * linking the pair, and a pair under the minimum is never stored. The sums are in double precision, so the stored
 * real does not depend on the order the rows come in (a refresh that changes no like rewrites no pair).
 */
function coLikedSliceSql(slice: number): string {
  return `INSERT INTO rec_co_liked (recipe_id, neighbour_id, score)
     SELECT c.recipe_id, x.neighbour_id, x.score FROM rec_co_sliced c CROSS JOIN LATERAL (
       SELECT g.neighbour_id,
              (g.co / (power(c.n, ${1 - P.coLikedAlpha}) * power(cb.n, ${P.coLikedAlpha}))
               * g.users / (g.users + ${P.coLikedShrink}))::real AS score
       FROM (
         SELECT b.recipe_id AS neighbour_id, sum(a.uw::float8) AS co, count(*) AS users
         FROM recommendation_likes a JOIN recommendation_likes b ON b.user_id = a.user_id AND b.recipe_id <> a.recipe_id
         WHERE a.recipe_id = c.recipe_id
         GROUP BY b.recipe_id HAVING count(*) >= ${P.minUsersPerPair}
       ) g JOIN rec_like_counts cb ON cb.recipe_id = g.neighbour_id
       ORDER BY score DESC, g.neighbour_id LIMIT ${P.coLikedNeighbours}
     ) x WHERE c.slice = ${slice}`;
}

/**
 * The content neighbours (kind 2) of one slice of the targets: the cosine of the target's weighted words with each
 * candidate's, over the words where the candidate is one of the word's champions (rec_champions), at least
 * minContentScore, the best contentNeighbours by cosine × (1 + likes)^contentPopularityExponent (the well-liked
 * among the similar; the stored score stays the cosine). Summed in double precision, as the co-liked part, so the
 * stored real does not depend on the order the rows come in.
 */
function contentSliceSql(slice: number): string {
  return `INSERT INTO rec_content (recipe_id, neighbour_id, score)
     SELECT t.recipe_id, x.neighbour_id, x.score
     FROM rec_targets t JOIN rec_norms na ON na.recipe_id = t.recipe_id CROSS JOIN LATERAL (
       SELECT p.neighbour_id, p.score::real AS score FROM (
         SELECT b.recipe_id AS neighbour_id, b.n,
                sum(a.w::float8 * b.w) / NULLIF(na.norm::float8 * b.norm, 0) AS score
         FROM rec_weighted a JOIN rec_champions b ON b.term = a.term AND b.recipe_id <> a.recipe_id
         WHERE a.recipe_id = t.recipe_id
         GROUP BY b.recipe_id, b.norm, b.n
       ) p
       WHERE p.score >= ${P.minContentScore}
       ORDER BY p.score * power(1 + p.n, ${P.contentPopularityExponent}) DESC, p.neighbour_id
       LIMIT ${P.contentNeighbours}
     ) x WHERE t.slice = ${slice}`;
}

/**
 * Which co-liked lists a refresh computes: 'all' (forced), or those of the recipes that a cook whose likes changed
 * since the last refresh likes or liked, plus one rotating slice of 1 / coLikedRotation of the rest (`rotation`; -1
 * takes none: tests).
 */
export type CoLikedScope = 'all' | { rotation: number };

/**
 * Whose likes a refresh makes again: 'all', every cook's from every signal, compared with the kept likes to find the
 * cooks whose likes changed (forced, and the first refresh with the change log); 'logged', only the cooks the change
 * log names (migration 0012), and those who save, review or plan a recipe the log says was published, unpublished,
 * deleted or changed hands.
 */
export type LikesScope = 'all' | 'logged';

/**
 * A like's cook weight, (likes of that cook)^−e (coLikedUserWeightExponent), in double precision: power(bigint, -0.5)
 * is numeric's power, ~13 µs a call, which took 10 of a forced refresh's 17.5 s per slice of likes at 1M (a weight per
 * like there).
 */
const cookWeight = `power(count(*)::float8, ${-P.coLikedUserWeightExponent})::real`;

/** Likes and the co-liked neighbours (kind 1). */
function coLikedStatements(mealPlan: string | null, likes: LikesScope, scope: CoLikedScope): string[] {
  const changedRecipes = `SELECT recipe_id FROM rec_log WHERE recipe_changed`;
  return [
    `SET LOCAL work_mem = '64MB'`,
    // One core for the refresh: with parallel workers it took both of a 2-core host's cores from the API for its
    // heavy statements (the API's p99 under a refresh: bench/src/recs-under-refresh.ts).
    `SET LOCAL max_parallel_workers_per_gather = 0`,
    // The change log as this refresh reads it; only these rows are deleted at the end, so a change committed while
    // the refresh runs stays for the next one (ids are taken at insert, not at commit, so "up to the highest id read"
    // would drop a change committed late with a lower id).
    `CREATE TEMP TABLE rec_log ON COMMIT DROP AS SELECT id, user_id, recipe_id, recipe_changed FROM recommendation_changes`,
    `ANALYZE rec_log`,
    ...(likes === 'logged'
      ? [
          // The cooks whose likes may have changed: those the log names, and every cook linked to a recipe whose
          // publication or author changed (a deleted recipe's saves and reviews went by cascade, and logged their cooks).
          `CREATE TEMP TABLE rec_changed_users ON COMMIT DROP AS
           SELECT user_id FROM rec_log
           UNION SELECT user_id FROM saved_recipes WHERE recipe_id IN (${changedRecipes})
           UNION SELECT owner_id FROM reviews WHERE recipe_id IN (${changedRecipes})
           ${mealPlan ? `UNION SELECT user_id FROM "${mealPlan}" WHERE recipe_id IN (${changedRecipes})` : ''}
           UNION SELECT user_id FROM recommendation_likes WHERE recipe_id IN (${changedRecipes})`,
          `ANALYZE rec_changed_users`,
        ]
      : []),
    // Likes, each with its user's weight (cookWeight): a cook who likes hundreds of recipes, across several tastes
    // and at random, links them all, and counts less per pair than a cook whose few likes say what goes together.
    ...(likes === 'all'
      ? slicedLikesStatements(mealPlan)
      : [
          `CREATE TEMP TABLE rec_user_likes ON COMMIT DROP AS
           SELECT user_id, recipe_id FROM (${likesSql(signalsSql(mealPlan, { in: 'rec_changed_users' }))}) l
           WHERE recent <= ${P.likesPerUser}`,
          `ANALYZE rec_user_likes`,
          // Counted by a GROUP BY and joined: as a window over each user's likes (count(*) OVER (PARTITION BY
          // user_id)), PostgreSQL 15 took 74 s for 500,000 users at 1M recipes in one statement, against ~10 s
          // (the forced refresh's slices are small enough for the window).
          `CREATE TEMP TABLE rec_user_weights ON COMMIT DROP AS
           SELECT user_id, ${cookWeight} AS uw FROM rec_user_likes GROUP BY user_id`,
          `ANALYZE rec_user_weights`,
          `CREATE TEMP TABLE rec_new_likes ON COMMIT DROP AS
           SELECT l.user_id, l.recipe_id, w.uw FROM rec_user_likes l JOIN rec_user_weights w USING (user_id)`,
        ]),
    ...(likes === 'all'
      ? [
          `CREATE INDEX ON rec_new_likes (user_id, recipe_id)`,
          `ANALYZE rec_new_likes`,
          // The cooks whose likes (or weight) differ from those kept by the last refresh (recommendation_likes):
          // only their weights and pairs moved. Every cook, on the first refresh (nothing kept, or no weights kept).
          `CREATE TEMP TABLE rec_changed_users ON COMMIT DROP AS
           SELECT l.user_id FROM rec_new_likes l
             WHERE NOT EXISTS (SELECT 1 FROM recommendation_likes k
                               WHERE k.user_id = l.user_id AND k.recipe_id = l.recipe_id AND k.uw = l.uw)
           UNION
           SELECT k.user_id FROM recommendation_likes k
             WHERE NOT EXISTS (SELECT 1 FROM rec_new_likes l WHERE l.user_id = k.user_id AND l.recipe_id = k.recipe_id)`,
          `ANALYZE rec_changed_users`,
        ]
      : []),
    // The recipes whose lists are computed again: every one (forced), or those the changed cooks like or liked (their
    // co-liked counts, n and user weights moved) and a rotating slice of the rest (added below, once the counts are
    // made). The lists of other recipes keep their neighbours, which are still linked by the same cooks (none of them
    // changed); only the n of a neighbour liked by a changed cook moved, and so its score a little, until the
    // recipe's slice comes round.
    `CREATE TEMP TABLE rec_co_targets ON COMMIT DROP AS
     SELECT recipe_id FROM rec_new_likes WHERE user_id IN (SELECT user_id FROM rec_changed_users)
     UNION SELECT recipe_id FROM recommendation_likes WHERE user_id IN (SELECT user_id FROM rec_changed_users)`,
    // The kept likes: the changed cooks' rows are replaced, each with its cook's weight. The co-liked lists and the
    // content champions below read every cook's likes from here.
    `DELETE FROM recommendation_likes WHERE user_id IN (SELECT user_id FROM rec_changed_users)`,
    `INSERT INTO recommendation_likes (user_id, recipe_id, uw)
     SELECT user_id, recipe_id, uw FROM rec_new_likes WHERE user_id IN (SELECT user_id FROM rec_changed_users)`,
    ...(likes === 'all' ? [`ANALYZE recommendation_likes`] : []),
    // Recipes with enough likers to be in a pair, each with n, the sum of its likers' weights (in double precision,
    // so the sum does not depend on the order the rows are stored in).
    `CREATE TEMP TABLE rec_like_counts ON COMMIT DROP AS
     SELECT recipe_id, sum(uw::float8)::real AS n FROM recommendation_likes
     GROUP BY recipe_id HAVING count(*) >= ${P.minUsersPerPair}`,
    `CREATE UNIQUE INDEX ON rec_like_counts (recipe_id) INCLUDE (n)`,
    `ANALYZE rec_like_counts`,
    scope === 'all'
      ? `INSERT INTO rec_co_targets SELECT recipe_id FROM rec_like_counts`
      : `INSERT INTO rec_co_targets SELECT recipe_id FROM rec_like_counts
         WHERE abs(hashtext(recipe_id::text)) % ${P.coLikedRotation} = ${Number(scope.rotation)}`,
    `ANALYZE rec_co_targets`,
    // The targets with enough likers, each with its statement slice (below).
    `CREATE TEMP TABLE rec_co_sliced ON COMMIT DROP AS
     SELECT c.recipe_id, c.n, ntile(${P.statementSlices}) OVER (ORDER BY c.recipe_id) AS slice
     FROM (SELECT DISTINCT recipe_id FROM rec_co_targets) t JOIN rec_like_counts c USING (recipe_id)`,
    `ANALYZE rec_co_sliced`,
    // Recipe by recipe through the indexes (a nested loop: its likers, then their other likes), so each aggregate is
    // one recipe's candidates, in memory, cut to its top list at once. One statement grouping every pair of the site
    // (until 2026-12-01) spilled its hash and sort to files at 1M recipes, and the API's p99 was 2.6-5.1× worse
    // while it ran (decision 026).
    ...inSlices('rec_co_liked', coLikedSliceSql),
    // The targets' lists are replaced (a target with fewer than 3 likers now has none); the others stay as they are.
    ...pairCount(1, 'rec_co_liked', scope === 'all' ? null : 'rec_co_targets'),
    ...writeChanges(
      'rec_co_liked',
      1,
      scope === 'all' ? '' : 'AND n.recipe_id IN (SELECT recipe_id FROM rec_co_targets)',
    ),
  ];
}

/**
 * The stored pair count of a kind after the write that follows, into rec_pair_counts: the computed rows when every
 * list is replaced (`targets` null), else the change, computed rows less the stored rows of the targets' lists (a
 * count of every stored pair took 15-53 s at 1M, each refresh).
 */
function pairCount(kind: 1 | 2, computed: string, targets: string | null): string[] {
  return [
    `CREATE TEMP TABLE IF NOT EXISTS rec_pair_counts (kind smallint NOT NULL, pairs bigint NOT NULL,
       relative boolean NOT NULL) ON COMMIT DROP`,
    targets === null
      ? `INSERT INTO rec_pair_counts SELECT ${kind}, count(*), false FROM ${computed}`
      : `INSERT INTO rec_pair_counts SELECT ${kind}, (SELECT count(*) FROM ${computed})
           - (SELECT count(*) FROM recipe_neighbours
              WHERE kind = ${kind} AND recipe_id IN (SELECT recipe_id FROM ${targets})), true`,
  ];
}

/**
 * Writes a freshly computed set of neighbours of one kind (a temp table of recipe_id, neighbour_id, score) over the
 * stored one, changing only the rows that differ: a pair that went is deleted, a new or rescored one upserted. A
 * refresh that rewrote everything left a table's worth of dead rows and WAL each time, and the reads that ran
 * meanwhile (similar, personal) waded through both versions. `scope` limits the rows replaced (content targets).
 */
function writeChanges(table: string, kind: 1 | 2, scope = ''): string[] {
  return [
    `DELETE FROM recipe_neighbours n WHERE n.kind = ${kind} ${scope}
       AND NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.recipe_id = n.recipe_id AND x.neighbour_id = n.neighbour_id)`,
    // Only the new and rescored pairs go to the INSERT: ON CONFLICT DO UPDATE locks every conflicting row even when
    // its WHERE leaves it as it is, and a lock is a WAL record and a dirtied page. Fed every pair, a forced refresh at
    // 1M locked all 21 million and wrote about 2 GB of WAL (checkpoints every ~11 s) for a few changed rows.
    `INSERT INTO recipe_neighbours (recipe_id, neighbour_id, kind, score)
     SELECT x.recipe_id, x.neighbour_id, ${kind}, x.score FROM ${table} x
       LEFT JOIN recipe_neighbours n ON n.recipe_id = x.recipe_id AND n.kind = ${kind} AND n.neighbour_id = x.neighbour_id
     WHERE n.score IS DISTINCT FROM x.score
     ON CONFLICT (recipe_id, kind, neighbour_id) DO UPDATE SET score = excluded.score`,
  ];
}

/** A statement, or one with parameters. */
type Statement = string | { text: string; values: unknown[] };

/**
 * Which recipes get their content neighbours recomputed. 'all': every published recipe (the first refresh, or
 * forced). Otherwise the recipes changed since `since` (published, edited, unpublished: updated_at moves), those the
 * change log says were deleted (or published, unpublished), plus one rotating slice of 1 / contentSlices of all
 * recipes, so that a list whose neighbours have since become better liked is redone within contentSlices refreshes.
 * The cost of a refresh is bounded by the slice, not by the size of the site.
 */
export type ContentScope = 'all' | { since: string; slice: number };

function contentTargets(scope: ContentScope, logged: boolean): Statement[] {
  // Each target with its statement slice (contentSliceSql), by ntile over the id.
  const sliced = `ntile(${P.statementSlices}) OVER (ORDER BY recipe_id) AS slice`;
  if (scope === 'all')
    return [
      `CREATE TEMP TABLE rec_targets ON COMMIT DROP AS SELECT recipe_id, ${sliced} FROM (SELECT id AS recipe_id FROM recipes) r`,
      `ANALYZE rec_targets`,
    ];
  const slice = Number(scope.slice);
  return [
    {
      text: `CREATE TEMP TABLE rec_targets ON COMMIT DROP AS
             SELECT recipe_id, ${sliced} FROM (
               SELECT id AS recipe_id FROM recipes
               WHERE updated_at > $1::timestamptz OR abs(hashtext(id::text)) % ${P.contentSlices} = ${slice}
               UNION SELECT recipe_id FROM rec_log WHERE recipe_changed
             ) t`,
      values: [scope.since],
    },
    `ANALYZE rec_targets`,
    // A deleted recipe is a target (the log) and its list goes with the targets' (writeChanges). The first refresh
    // with the change log also drops the lists of recipes deleted before it (once: it reads every stored pair).
    ...(logged
      ? []
      : [`DELETE FROM recipe_neighbours n WHERE NOT EXISTS (SELECT 1 FROM recipes r WHERE r.id = n.recipe_id)`]),
  ];
}

/**
 * Content neighbours (kind 2), for the target recipes only. Content does not depend on who likes what, so an
 * unchanged recipe keeps its list until its slice comes round. Among near-equals the better-liked are kept (the
 * rank; the stored score stays the cosine). Candidates are bounded: a target is compared with the
 * contentChampionsPerTerm best-liked recipes of each of its words (champion lists), not with every recipe sharing a
 * word, which grows with the square of a word's recipe count (at a million recipes, a cuisine's word is in 10,000s).
 */
function contentStatements(scope: ContentScope, logged: boolean): Statement[] {
  return [
    `CREATE TEMP TABLE rec_all_counts ON COMMIT DROP AS
     SELECT recipe_id, count(*)::real AS n FROM recommendation_likes GROUP BY recipe_id`,
    `ANALYZE rec_all_counts`,
    // Content: the title (weight A) and ingredient (weight C) lexemes of the search vector (decisions 007, 016),
    // weighted by inverse document frequency; a word in too many recipes ('salt', 'cup') links nothing.
    `CREATE TEMP TABLE rec_terms ON COMMIT DROP AS
     SELECT r.id AS recipe_id, t.lexeme AS term,
            CASE WHEN 'A' = ANY (t.weights) THEN ${P.titleTermWeight} ELSE 1 END::real AS tw
     FROM recipes r, unnest(r.search_vector) t
     WHERE r.is_published AND t.weights && ARRAY['A', 'C'] AND t.lexeme ~ '^[[:alpha:]]{3,}$'`,
    `CREATE TEMP TABLE rec_term_idf ON COMMIT DROP AS
     SELECT term, ln((SELECT count(*) FROM recipes WHERE is_published)::real / count(*))::real AS idf
     FROM rec_terms GROUP BY term
     HAVING count(*) >= 2 AND count(*) <= greatest(${P.minDocumentFrequencyCap},
       ${P.maxTermShare} * (SELECT count(*) FROM recipes WHERE is_published))`,
    `CREATE TEMP TABLE rec_weighted ON COMMIT DROP AS
     SELECT t.recipe_id, t.term, (t.tw * i.idf)::real AS w FROM rec_terms t JOIN rec_term_idf i USING (term)
     -- A word in every recipe has idf 0: it links nothing, and a recipe of only such words would have norm 0.
     WHERE i.idf > 0`,
    `CREATE INDEX ON rec_weighted (recipe_id)`,
    `CREATE TEMP TABLE rec_norms ON COMMIT DROP AS
     SELECT recipe_id, sqrt(sum(w * w))::real AS norm FROM rec_weighted GROUP BY recipe_id`,
    `CREATE UNIQUE INDEX ON rec_norms (recipe_id) INCLUDE (norm)`,
    // Each champion carries its norm and its likes, so a target's candidates need no lookup of their own (at 10k,
    // the two lookups per (target, word, champion) were two thirds of the content part's time).
    `CREATE TEMP TABLE rec_champions ON COMMIT DROP AS
     SELECT x.term, x.recipe_id, x.w, nm.norm, x.n FROM (
       SELECT w.term, w.recipe_id, w.w, coalesce(c.n, 0)::real AS n,
              row_number() OVER (PARTITION BY w.term ORDER BY coalesce(c.n, 0) DESC, w.recipe_id) AS rank
       FROM rec_weighted w LEFT JOIN rec_all_counts c USING (recipe_id)
     ) x JOIN rec_norms nm USING (recipe_id) WHERE x.rank <= ${P.contentChampionsPerTerm}`,
    `CREATE INDEX ON rec_champions (term)`,
    `ANALYZE rec_weighted`,
    `ANALYZE rec_norms`,
    `ANALYZE rec_champions`,
    ...contentTargets(scope, logged),
    // Target by target through the indexes, as the co-liked part: one statement grouping every (target, candidate)
    // of a forced refresh (until 2026-12-02) hashed ~450 million rows at 1M recipes, spilled them to files and
    // ranked the result by a window (about 15 minutes).
    ...inSlices('rec_content', contentSliceSql),
    // The targets' lists are replaced (an unpublished or deleted target has none now); the others stay as they are.
    ...pairCount(2, 'rec_content', scope === 'all' ? null : 'rec_targets'),
    ...writeChanges('rec_content', 2, scope === 'all' ? '' : 'AND n.recipe_id IN (SELECT recipe_id FROM rec_targets)'),
  ];
}

/**
 * Which recipes' popularity a refresh computes: 'all' (forced, or the first refresh with the change log), or those
 * with a save, review or publication in the change log plus a rotating slice of 1 / popularityRotation of the
 * stored ones (`rotation`), so that the time decay reaches every score within that many refreshes.
 */
export type PopularityScope = 'all' | { rotation: number };

/** The popularity prior (see parameters). */
function popularityStatements(scope: PopularityScope): string[] {
  const among = (column: string) => (scope === 'all' ? '' : `AND ${column} IN (SELECT recipe_id FROM rec_pop_targets)`);
  return [
    ...(scope === 'all'
      ? []
      : [
          `CREATE TEMP TABLE rec_pop_targets ON COMMIT DROP AS
           SELECT recipe_id FROM rec_log
           UNION SELECT recipe_id FROM recipe_popularity
             WHERE abs(hashtext(recipe_id::text)) % ${P.popularityRotation} = ${Number(scope.rotation)}`,
          `ANALYZE rec_pop_targets`,
        ]),
    // Popularity: recent saves and good reviews (each halving every activityHalfLifeDays), a bonus for new recipes,
    // times the Bayesian average rating. A bad review subtracts. In double precision: extract(epoch ...) is a numeric
    // since PostgreSQL 14, and numeric powers of 8.5 million signals took 75 of this statement's 114 s at 1M recipes
    // (date_part: 30 s in all).
    `CREATE TEMP TABLE rec_popularity ON COMMIT DROP AS
     SELECT r.id AS recipe_id,
            ((ln(1 + greatest(coalesce(a.activity, 0), 0))
              + ${P.freshnessBonus} * power(0.5::float8, date_part('epoch', now() - r.created_at) / ${halfLife(P.freshnessHalfLifeDays)}))
             * (r.rating_sum + ${P.priorRating * P.priorReviews}) / (r.total_reviews + ${P.priorReviews}) / 5)::real AS score
     FROM recipes r LEFT JOIN (
       SELECT recipe_id, sum(w * power(0.5::float8, date_part('epoch', now() - at) / ${halfLife(P.activityHalfLifeDays)})) AS activity
       FROM (
         SELECT recipe_id, 1::real AS w, created_at AS at FROM saved_recipes WHERE true ${among('recipe_id')}
         UNION ALL SELECT recipe_id, (rating - 3)::real / 2, updated_at FROM reviews WHERE true ${among('recipe_id')}
       ) s GROUP BY recipe_id
     ) a ON a.recipe_id = r.id
     WHERE r.is_published ${among('r.id')}`,
    // Only changed rows are written (as writeChanges); the time decay moves every score a little each run, so a
    // score is rewritten when it moved by more than a thousandth.
    `DELETE FROM recipe_popularity p WHERE NOT EXISTS (SELECT 1 FROM rec_popularity x WHERE x.recipe_id = p.recipe_id)
       ${among('p.recipe_id')}`,
    // The unchanged rows are left out before the INSERT, not by its ON CONFLICT's WHERE (which would lock them).
    `INSERT INTO recipe_popularity (recipe_id, score)
     SELECT x.recipe_id, x.score FROM rec_popularity x LEFT JOIN recipe_popularity p ON p.recipe_id = x.recipe_id
     WHERE p.recipe_id IS NULL OR abs(p.score - x.score) > 0.001 * greatest(abs(x.score), 1e-6)
     ON CONFLICT (recipe_id) DO UPDATE SET score = excluded.score`,
  ];
}

/**
 * The content scope of a refresh: everything when forced or on the first run (or a marker from before this scheme),
 * otherwise what changed since the newest recipe time the previous run saw (the marker's 'count/time' after '#').
 */
export function contentScope(force: boolean, previousMarker: string | undefined, slice: number): ContentScope {
  const since = previousMarker?.split('#')[1]?.split('/')[1];
  if (force || !since) return 'all';
  return { since, slice };
}

/**
 * One refresh. `force` skips the change check and recomputes every co-liked and content list (a test, the bench, an
 * operator after changing a parameter); otherwise a refresh with no new signal since the last one is skipped unless
 * the last is older than MAX_REFRESH_AGE_SECONDS, and computes the lists that changed likes and recipes touch, plus
 * rotating slices. `contentSlice` and `coLikedSlice` pick those slices (tests; -1 takes none). `lowPriority: true` lowers
 * the backend's CPU priority when the database runs on this host (the bench's `--low-priority`).
 */
export async function refreshRecommendations(
  pool: pg.Pool,
  force = false,
  options: {
    contentSlice?: number;
    /** The rotating slice of co-liked lists computed again besides the changed ones (tests; -1 takes none). */
    coLikedSlice?: number;
    /** The rotating slice of popularity scores computed again besides the changed ones (tests; -1 takes none). */
    popularitySlice?: number;
    lowPriority?: boolean;
    /** Called after each statement of the computation with its text and how long it took (the bench's phases). */
    onStatement?: (text: string, milliseconds: number) => void | Promise<void>;
  } = {},
): Promise<RefreshResult> {
  const started = performance.now();
  const client = await pool.connect();
  // With `lowPriority` and a database of this host, the refresh runs at the lowest CPU priority; such a connection is
  // closed afterwards, not pooled (db/backend-priority.ts). Off by default (RECOMMENDATIONS_REFRESH_LOW_PRIORITY): at
  // 1M it steadied the API's median during a refresh but not its worst rounds (decision 026).
  let lowered: LoweredPriority | null = null;
  const done = (status: RefreshResult['status'], coLikedPairs = 0, contentPairs = 0): RefreshResult => ({
    status,
    seconds: (performance.now() - started) / 1000,
    coLikedPairs,
    contentPairs,
    ...(lowered ? { priority: lowered.policy === 'idle' ? ('idle' as const) : ('nice' as const) } : {}),
  });
  try {
    await client.query('BEGIN');
    try {
      const lock = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS locked', [
        ...REFRESH_LOCK,
      ]);
      if (!lock.rows[0]?.locked) {
        await client.query('ROLLBACK');
        return done('locked');
      }
      const now = (await client.query<{ signals: string; recipes: string }>(MARKER_SQL)).rows[0];
      const marker = `${now?.signals ?? ''}#${now?.recipes ?? ''}`;
      const last = await client.query<{
        marker: string;
        age: number;
        runs: number;
        changes_logged: boolean;
        co_liked_pairs: number;
        content_pairs: number;
      }>(
        `SELECT marker, extract(epoch FROM now() - refreshed_at)::float8 AS age, runs::float8 AS runs, changes_logged,
                co_liked_pairs, content_pairs
         FROM recommendation_refreshes`,
      );
      const previous = last.rows[0];
      if (!force && previous && previous.marker === marker && previous.age < MAX_REFRESH_AGE_SECONDS) {
        await client.query('ROLLBACK');
        return done('unchanged');
      }
      // Successive refreshes take successive rotating slices (of the content and the co-liked lists, and popularity).
      const run = (previous?.runs ?? 0) + 1;
      // The change log names every cook whose likes moved since the last refresh only when that refresh kept its
      // likes with the log in place (migration 0012); a forced refresh rebuilds them all in any case.
      const logged = !force && previous?.changes_logged === true;
      if (options.lowPriority === true) lowered = await lowerBackendPriority(client);
      const work: Statement[] = [
        ...coLikedStatements(
          await mealPlanTable(client),
          logged ? 'logged' : 'all',
          force ? 'all' : { rotation: options.coLikedSlice ?? run % P.coLikedRotation },
        ),
        ...contentStatements(
          contentScope(force, previous?.marker, options.contentSlice ?? run % P.contentSlices),
          logged,
        ),
        ...popularityStatements(logged ? { rotation: options.popularitySlice ?? run % P.popularityRotation } : 'all'),
        // The log rows this refresh read (and only those: see rec_log) are done with.
        `DELETE FROM recommendation_changes WHERE id IN (SELECT id FROM rec_log)`,
      ];
      for (const statement of work) {
        const start = performance.now();
        await (typeof statement === 'string'
          ? client.query(statement)
          : client.query(statement.text, statement.values));
        await options.onStatement?.(
          typeof statement === 'string' ? statement : statement.text,
          performance.now() - start,
        );
      }
      // Fresh statistics for the reads: a table filled by the refresh and never analysed (autovacuum had not come
      // round) was taken for a big one, and 'more like this', a 20-row primary-key range, got a parallel plan
      // (60 ms at 1M recipes, against 0.25 ms after ANALYZE; a 0.3 s sample).
      await client.query('ANALYZE recipe_neighbours');
      await client.query('ANALYZE recipe_popularity');
      // The stored pairs: from the writes (rec_pair_counts) when the last refresh's counts are known to be right
      // (it kept them with the change log), else counted (the first refresh with the log: it may have dropped old
      // lists of deleted recipes).
      const counted = await client.query<{ kind: number; pairs: string; relative: boolean }>(
        'SELECT kind, sum(pairs) AS pairs, bool_or(relative) AS relative FROM rec_pair_counts GROUP BY kind',
      );
      const exact =
        logged || force
          ? null
          : await client.query<{ kind: number; pairs: string }>(
              'SELECT kind, count(*) AS pairs FROM recipe_neighbours GROUP BY kind',
            );
      const pairs = (kind: 1 | 2) => {
        if (exact) return Number(exact.rows.find((row) => row.kind === kind)?.pairs ?? 0);
        const row = counted.rows.find((r) => r.kind === kind);
        const before = kind === 1 ? previous?.co_liked_pairs : previous?.content_pairs;
        return Number(row?.pairs ?? 0) + (row?.relative ? Number(before ?? 0) : 0);
      };
      const result = done('refreshed', pairs(1), pairs(2));
      await client.query(
        `INSERT INTO recommendation_refreshes
           (id, refreshed_at, marker, seconds, co_liked_pairs, content_pairs, runs, changes_logged)
         VALUES (1, now(), $1, $2, $3, $4, $5, true)
         ON CONFLICT (id) DO UPDATE SET refreshed_at = excluded.refreshed_at, marker = excluded.marker,
           seconds = excluded.seconds, co_liked_pairs = excluded.co_liked_pairs, content_pairs = excluded.content_pairs,
           runs = excluded.runs, changes_logged = true`,
        [marker, result.seconds, result.coLikedPairs, result.contentPairs, run],
      );
      await client.query('COMMIT');
      // The kept likes are read by index-only scans (their recipe index carries the cook and weight): vacuumed here,
      // outside the transaction, their pages stay all-visible whatever autovacuum does. Otherwise the first refresh
      // after migration 0012, which rewrote all 8.6 million rows at 1M, left them dead, and every later co-liked list
      // read through both versions (a scheduled refresh's co-liked lists: 123 s, against 78 s vacuumed). A database
      // user that may not vacuum the table still refreshes, only slower.
      await client.query('VACUUM (ANALYZE) recommendation_likes').catch(() => undefined);
      // The finished lists made from the tables just replaced stay: a request is answered from its stale one while
      // the new one is made in the background (services/recommendations.ts). Lists too old to serve go, after the
      // commit so that no request storing a list waits on the refresh's row locks.
      await client.query(
        `DELETE FROM recommendation_lists WHERE based_on IS NULL OR based_on < now() - make_interval(secs => $1)`,
        [MAX_STALE_LIST_SECONDS],
      );
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release(lowered !== null);
  }
}
