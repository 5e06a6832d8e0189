/*
 * `npm run bench -- recs [--sizes 10k] [--eval-users 1000]`: the recommendation bench of issue 19. Builds a synthetic
 * community with a known structure (recs-community.ts), hides each evaluated cook's last three likes, loads the rest
 * into a fresh database with the server's migrations, runs the server's own refresh (timed), and scores the
 * server's own recommendation service against 'most popular' and 'random': hit rate@10 and nDCG@10. 'More like this'
 * is scored by how many results share the source's cuisine or main ingredient family. Results go to
 * bench/results/recs-<date>-raw.md (or --out). Uses the server's build (apps/server/dist): run
 * `npm run build -w @forkful/server`; `--from-source` uses its sources instead (the refresh and the service; the
 * --under-refresh server is always the build). Tuning: `--reuse-data` keeps an earlier run's database,
 * `--skip-refresh` scores the tables as they are. `--interval-saves N` (1000): after the evaluation, N new saves and a timed
 * scheduled refresh, then the saves removed and refreshed again. `--under-refresh`: see recs-under-refresh.ts (`--quiet-only`: its quiet half; `--paced`: open-loop arrivals).
 * `--seed N` draws another community of the same shape (the parameters were tuned on the default, 19): a check on
 * data not tuned on. Up to 200k recipes the report also gives ceilings from what the bench knows (recs-ceiling.ts).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prepareDatabase } from './generate.js';
import { buildCommunity, randomSource, type Community } from './recs-community.js';
import {
  measureUnderRefresh,
  renderUnderRefresh,
  statementLabel,
  type UnderRefreshResult,
} from './recs-under-refresh.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ceilingHitRates } from './recs-ceiling.js';
import { migrate, repoRoot, serverModule, serverModules } from './server-modules.js';

/**
 * `--from-source`: the server's TypeScript sources (run by tsx) instead of its build, to try a change to the
 * recommender without rebuilding apps/server/dist, which other runs share.
 */
let fromSource = false;
async function recsModule<T>(relative: string): Promise<T> {
  if (!fromSource) return serverModule<T>(relative);
  const file = path.join(repoRoot, 'apps', 'server', 'src', relative.replace(/\.js$/, '.ts'));
  return (await import(pathToFileURL(file).href)) as T;
}

const HIDDEN_PER_USER = 3;
const MIN_LIKES_TO_EVALUATE = 6;
const K = 10;
const DEFAULT_SEED = 19;

const started = Date.now();
const log = (line: string) =>
  console.info(`[recs ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);

interface RefreshResult {
  status: string;
  seconds: number;
  coLikedPairs: number;
  contentPairs: number;
}
interface Card {
  _id: string;
}
interface Service {
  recommended: (viewerId: string | null, limit: number) => Promise<Card[]>;
  similar: (recipeId: string, viewerId: string | null, limit: number) => Promise<Card[]>;
}

/** Ids derived from the index, so a reused database is read with the same community. */
const uuid = (kind: number, n: number) => `00000000-0000-4000-8${kind}00-${n.toString(16).padStart(12, '0')}`;
function idsOf(community: Community) {
  return {
    userIds: Array.from({ length: community.users }, (_, n) => uuid(1, n)),
    recipeIds: community.recipes.map((recipe) => uuid(2, recipe.index)),
  };
}

async function loadCommunity(url: string, community: Community, hidden: Set<number>, draftEvery: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { userIds, recipeIds } = idsOf(community);
  const batches = async <T>(items: T[], size: number, run: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += size) await run(items.slice(i, i + size));
  };
  // The change log's triggers (migration 0012) are off while the community is loaded: the first refresh makes every
  // cook's likes in any case, and 8.5 million logged rows would only slow the load.
  const logged = [
    ['saved_recipes', 'saved_recipes_recommendation_log'],
    ['reviews', 'reviews_recommendation_log'],
    ['recipes', 'recipes_recommendation_log'],
  ];
  for (const [table, trigger] of logged) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  try {
    await batches(userIds, 5000, (batch) =>
      client.query(
        `INSERT INTO users (id, name, email, password_hash)
         SELECT id, 'Cook', 'recs-' || id || '@bench.forkful.test', 'not-a-hash' FROM unnest($1::uuid[]) AS id`,
        [batch],
      ),
    );
    await batches(community.recipes, 2000, (batch) =>
      client.query(
        `INSERT INTO recipes (id, author_id, title, cooking_time, ingredients, steps, is_published, created_at)
         SELECT r.id, r.author, r.title, 30, ARRAY(SELECT json_array_elements_text(r.ingredients)), ARRAY['Cook it'],
                r.published, now() - make_interval(secs => r.age * 86400)
         FROM json_to_recordset($1::json) AS r(id uuid, author uuid, title text, ingredients json, published boolean, age float8)`,
        [
          JSON.stringify(
            batch.map((recipe) => ({
              id: recipeIds[recipe.index],
              author: userIds[recipe.author],
              title: recipe.title,
              ingredients: recipe.ingredients,
              published: recipe.index % draftEvery !== 0,
              age: recipe.ageDays,
            })),
          ),
        ],
      ),
    );
    const kept = community.interactions.filter((_, i) => !hidden.has(i));
    const saves = kept.filter((item) => item.kind === 'save');
    const ratings = kept.filter((item) => item.kind === 'rating');
    await batches(saves, 20000, (batch) =>
      client.query(
        `INSERT INTO saved_recipes (user_id, recipe_id, created_at)
         SELECT u, r, now() - make_interval(secs => a * 86400) FROM unnest($1::uuid[], $2::uuid[], $3::float8[]) AS t(u, r, a)
         ON CONFLICT DO NOTHING`,
        [batch.map((s) => userIds[s.user]), batch.map((s) => recipeIds[s.recipe]), batch.map((s) => s.ageDays)],
      ),
    );
    await batches(ratings, 20000, (batch) =>
      client.query(
        `INSERT INTO reviews (recipe_id, owner_id, rating, created_at, updated_at)
         SELECT r, u, g, now() - make_interval(secs => a * 86400), now() - make_interval(secs => a * 86400)
         FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::float8[]) AS t(u, r, g, a)
         ON CONFLICT DO NOTHING`,
        [
          batch.map((s) => userIds[s.user]),
          batch.map((s) => recipeIds[s.recipe]),
          batch.map((s) => s.rating),
          batch.map((s) => s.ageDays),
        ],
      ),
    );
    await client.query(`UPDATE recipes r SET rating_sum = s.sum, total_reviews = s.n
      FROM (SELECT recipe_id, sum(rating)::int AS sum, count(*)::int AS n FROM reviews GROUP BY recipe_id) s
      WHERE s.recipe_id = r.id`);
    await client.query('ANALYZE');
    return { userIds, recipeIds, saves: saves.length, ratings: ratings.length };
  } finally {
    for (const [table, trigger] of logged) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    await client.end();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

function score(list: string[], relevant: Set<string>) {
  const top = list.slice(0, K);
  let dcg = 0;
  top.forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(K, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return { hit: top.some((id) => relevant.has(id)) ? 1 : 0, ndcg: ideal > 0 ? dcg / ideal : 0 };
}

async function runSize(
  adminUrl: string,
  label: string,
  recipeCount: number,
  evalUsers: number,
  seed: number,
  reuse: boolean,
  skipRefresh = false,
  intervalSaves = 0,
  underRefresh?: {
    seconds: number;
    connections: number;
    rate: number;
    quietOnly: boolean;
    wholeRefresh: boolean;
    lowPriority: boolean;
    paced: boolean;
  },
) {
  // Loaded before the (long, at 1M) data load, so a run uses the sources as they were when it started.
  for (const module of ['db/client.js', 'repositories/recommendation-refresh.js', 'services/recommendations.js'])
    await recsModule(module);
  log(`${label}: building the community`);
  const community = buildCommunity(recipeCount, seed);
  // Each user's likes in time order (oldest first: ageDays descending); the last three of an active user are hidden.
  const likesOf = new Map<number, number[]>();
  community.interactions.forEach((item, i) => {
    if (!item.like) return;
    const likes = likesOf.get(item.user) ?? [];
    likes.push(i);
    likesOf.set(item.user, likes);
  });
  const hidden = new Set<number>();
  const candidates = [...likesOf].filter(([, likes]) => likes.length >= MIN_LIKES_TO_EVALUATE);
  const evaluated = candidates.filter((_, i) => i % Math.max(1, Math.floor(candidates.length / evalUsers)) === 0);
  const hiddenOf = new Map<number, number[]>();
  for (const [user, likes] of evaluated.slice(0, evalUsers)) {
    const last = likes.slice(-HIDDEN_PER_USER);
    last.forEach((i) => hidden.add(i));
    hiddenOf.set(
      user,
      last.map((i) => community.interactions[i]!.recipe),
    );
  }
  const draftEvery = 100;

  // Another seed draws another community of the same shape: a check that tuning on the default one did not fit it.
  const name = `forkful_bench_recs_${label}${seed === DEFAULT_SEED ? '' : `_seed${seed}`}`;
  const database = reuse
    ? { url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString() }
    : await prepareDatabase(adminUrl, name, recipeCount, false);
  // A reused database gets the migrations added since it was loaded.
  await migrate(database.url);
  log(
    `${label}: loading ${community.recipes.length} recipes, ${community.users} cooks, ${community.interactions.length - hidden.size} interactions (${hidden.size} hidden)`,
  );
  const loadStarted = performance.now();
  const kept = community.interactions.filter((_, i) => !hidden.has(i));
  const loaded = reuse
    ? {
        ...idsOf(community),
        saves: kept.filter((item) => item.kind === 'save').length,
        ratings: kept.filter((item) => item.kind === 'rating').length,
      }
    : await loadCommunity(database.url, community, hidden, draftEvery);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const { connectDatabase } = fromSource
    ? await recsModule<{ connectDatabase: (url: string, max?: number) => unknown }>('db/client.js')
    : await serverModules();
  const handle = connectDatabase(database.url, 4) as unknown as {
    db: { $client: pg.Pool };
    close: () => Promise<void>;
  };
  try {
    const { refreshRecommendations } = await recsModule<{
      refreshRecommendations: (
        pool: pg.Pool,
        force?: boolean,
        options?: { lowPriority?: boolean; onStatement?: (text: string, milliseconds: number) => void },
      ) => Promise<RefreshResult>;
    }>('repositories/recommendation-refresh.js');
    log(`${label}: full refresh`);
    // The forced refresh's two heavy phases, from its own statements; any statement over 5 s goes to the log.
    const phases = phaseTimer((text, milliseconds) => {
      if (milliseconds > 5000) log(`${label}:   ${(milliseconds / 1000).toFixed(1)} s ${statementLabel(text)}`);
    });
    const refresh = skipRefresh
      ? { status: 'skipped', seconds: NaN, coLikedPairs: NaN, contentPairs: NaN }
      : await refreshRecommendations(handle.db.$client, true, { onStatement: phases.onStatement });
    log(
      `${label}: refreshed in ${refresh.seconds.toFixed(1)} s (${refresh.coLikedPairs} co-liked, ${refresh.contentPairs} content pairs)`,
    );
    const again = await refreshRecommendations(handle.db.$client, false);
    // Every list is scored afresh by the service under test (a refresh drops them; --skip-refresh would otherwise read
    // the lists an earlier run stored, with that run's parameters).
    await handle.db.$client.query('DELETE FROM recommendation_lists');

    const { RecommendationService } = await recsModule<{
      RecommendationService: new (a: unknown, b: unknown) => Service;
    }>('services/recommendations.js');
    const { RecommendationRepository } = await recsModule<{ RecommendationRepository: new (db: unknown) => unknown }>(
      'repositories/recommendations.js',
    );
    const { RecipeRepository } = await recsModule<{
      RecipeRepository: new (db: unknown) => { findVisible: (id: string, viewer: string | null) => Promise<unknown> };
    }>('repositories/recipes.js');
    const recipes = new RecipeRepository(handle.db);
    const mapper = { recipeCard: (row: { id: string }) => ({ _id: row.id }) };
    const service = new RecommendationService(new RecommendationRepository(handle.db), mapper);

    // Baselines from the training data: the most liked published recipes, and random published ones.
    const published = community.recipes.filter((recipe) => recipe.index % draftEvery !== 0).map((r) => r.index);
    const likeCounts = new Map<number, number>();
    community.interactions.forEach((item, i) => {
      if (item.like && !hidden.has(i)) likeCounts.set(item.recipe, (likeCounts.get(item.recipe) ?? 0) + 1);
    });
    const popular = [...published].sort((a, b) => (likeCounts.get(b) ?? 0) - (likeCounts.get(a) ?? 0));
    // What each evaluated cook already knows (one pass over the data, not one per cook: 1M recipes).
    const knownByUser = new Map<number, Set<number>>([...hiddenOf.keys()].map((user) => [user, new Set<number>()]));
    community.interactions.forEach((item, i) => {
      if (!hidden.has(i)) knownByUser.get(item.user)?.add(item.recipe);
    });
    community.recipes.forEach((recipe) => knownByUser.get(recipe.author)?.add(recipe.index));
    const knownOf = (user: number) => knownByUser.get(user) ?? new Set<number>();
    const popularFor = (known: Set<number>) => {
      const list: number[] = [];
      for (const r of popular) {
        if (list.length === K) break;
        if (!known.has(r)) list.push(r);
      }
      return list;
    };
    const random = (() => {
      let a = 7;
      return () => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
    })();

    const totals = {
      recommender: { hit: 0, ndcg: 0 },
      popular: { hit: 0, ndcg: 0 },
      random: { hit: 0, ndcg: 0 },
    };
    const latency = { recommended: [] as number[], stored: [] as number[], view: [] as number[] };
    let personalised = 0;
    let draftsShown = 0;
    let knownShown = 0;
    const recipeUuid = loaded.recipeIds;
    const indexOf = new Map(loaded.recipeIds.map((id, i) => [id, i]));
    log(`${label}: scoring ${hiddenOf.size} cooks`);
    for (const [user, hiddenRecipes] of hiddenOf) {
      const relevant = new Set(hiddenRecipes.map((r) => recipeUuid[r]!));
      const known = knownOf(user);
      const t0 = performance.now();
      const recs = (await service.recommended(loaded.userIds[user]!, K)).map((card) => card._id);
      latency.recommended.push(performance.now() - t0);
      // The same cook again: read from the list the first call stored (decision 026, stored lists).
      const t2 = performance.now();
      await service.recommended(loaded.userIds[user]!, K);
      latency.stored.push(performance.now() - t2);
      const t1 = performance.now();
      await recipes.findVisible(loaded.recipeIds[published[Math.floor(random() * published.length)]!]!, null);
      latency.view.push(performance.now() - t1);
      for (const id of recs) {
        const i = indexOf.get(id)!;
        if (i % draftEvery === 0) draftsShown++;
        if (known.has(i)) knownShown++;
      }
      if (recs.length === K) personalised++;
      const add = (key: keyof typeof totals, list: string[]) => {
        const s = score(list, relevant);
        totals[key].hit += s.hit;
        totals[key].ndcg += s.ndcg;
      };
      add('recommender', recs);
      add(
        'popular',
        popularFor(known).map((r) => loaded.recipeIds[r]!),
      );
      const randomList = new Set<number>();
      while (randomList.size < K) {
        const r = published[Math.floor(random() * published.length)]!;
        if (!known.has(r)) randomList.add(r);
      }
      add(
        'random',
        [...randomList].map((r) => loaded.recipeIds[r]!),
      );
    }
    const n = hiddenOf.size;
    // Ceilings walk every recipe of each evaluated cook's cuisines: minutes at 1M, so only up to 200k recipes.
    const ceilingsAt = recipeCount <= 200_000;
    if (ceilingsAt) log(`${label}: ceilings (lists made knowing each cook's tastes)`);
    const ceilings = ceilingsAt
      ? ceilingHitRates(community, hiddenOf, knownOf, likeCounts, (index) => index % draftEvery !== 0, K)
      : undefined;

    // More like this: a sample of published recipes, anonymous viewer.
    let shared = 0;
    let shown = 0;
    let sameCuisine = 0;
    let empty = 0;
    const sample = published.filter((_, i) => i % Math.max(1, Math.floor(published.length / 500)) === 0).slice(0, 500);
    const similarLatency: number[] = [];
    for (const source of sample) {
      const t0 = performance.now();
      const list = await service.similar(loaded.recipeIds[source]!, null, 6);
      similarLatency.push(performance.now() - t0);
      if (list.length === 0) empty++;
      for (const card of list) {
        const other = community.recipes[indexOf.get(card._id)!]!;
        const from = community.recipes[source]!;
        shown++;
        if (other.cuisine === from.cuisine || other.family === from.family) shared++;
        if (other.cuisine === from.cuisine) sameCuisine++;
      }
    }

    // Privacy: every stored co-liked pair is linked by at least 3 different users' likes (sample).
    const pool = handle.db.$client;
    const privacy = await pool.query<{ pairs: string; under: string }>(`
      WITH likes AS (
        SELECT user_id, recipe_id FROM saved_recipes
        UNION SELECT owner_id, recipe_id FROM reviews WHERE rating >= 4
        UNION SELECT author_id, id FROM recipes WHERE is_published
      ), sample AS (SELECT recipe_id, neighbour_id FROM recipe_neighbours WHERE kind = 1 ORDER BY random() LIMIT 300)
      SELECT count(*) AS pairs, count(*) FILTER (WHERE linking < 3) AS under FROM (
        SELECT s.recipe_id, s.neighbour_id, count(DISTINCT a.user_id) AS linking
        FROM sample s JOIN likes a ON a.recipe_id = s.recipe_id JOIN likes b ON b.recipe_id = s.neighbour_id AND b.user_id = a.user_id
        GROUP BY s.recipe_id, s.neighbour_id) t`);

    // A scheduled refresh after an interval's activity (new saves by some cooks), then the same saves removed and
    // the next scheduled refresh, which leaves the tables as the evaluation saw them (a later --reuse-data run).
    let scheduled: ScheduledRefresh | undefined;
    if (intervalSaves > 0) {
      log(`${label}: a scheduled refresh after ${intervalSaves} new saves`);
      scheduled = await measureScheduledRefresh(
        pool,
        (force, onStatement) => refreshRecommendations(pool, force, { onStatement }),
        loaded.userIds,
        popular.map((index) => loaded.recipeIds[index]!),
        intervalSaves,
      );
    }

    let apiUnderRefresh: UnderRefreshResult | undefined;
    if (underRefresh) {
      log(`${label}: the API with and without a refresh running`);
      const { lowPriority } = underRefresh;
      apiUnderRefresh = await measureUnderRefresh({
        databaseUrl: database.url,
        ...underRefresh,
        refresh: (pool, force, onStatement) =>
          refreshRecommendations(pool, force, { lowPriority, ...(onStatement ? { onStatement } : {}) }),
        log,
      });
    }

    return {
      apiUnderRefresh,
      scheduled,
      label,
      seed,
      recipes: recipeCount,
      users: community.users,
      saves: loaded.saves,
      ratings: loaded.ratings,
      loadSeconds,
      refresh,
      refreshPhases: phases.seconds(),
      again,
      evaluated: n,
      personalised,
      draftsShown,
      knownShown,
      hit: {
        recommender: totals.recommender.hit / n,
        popular: totals.popular.hit / n,
        random: totals.random.hit / n,
      },
      ceilings,
      ndcg: {
        recommender: totals.recommender.ndcg / n,
        popular: totals.popular.ndcg / n,
        random: totals.random.ndcg / n,
      },
      similar: { sources: sample.length, shown, shared: shared / shown, sameCuisine: sameCuisine / shown, empty },
      latency: {
        recommendedP50: percentile(latency.recommended, 50),
        recommendedP99: percentile(latency.recommended, 99),
        storedP50: percentile(latency.stored, 50),
        storedP99: percentile(latency.stored, 99),
        viewP50: percentile(latency.view, 50),
        viewP99: percentile(latency.view, 99),
        similarP50: percentile(similarLatency, 50),
      },
      privacy: { sampled: Number(privacy.rows[0]?.pairs ?? 0), under: Number(privacy.rows[0]?.under ?? 0) },
    };
  } finally {
    await handle.close();
  }
}

type SizeResult = Awaited<ReturnType<typeof runSize>>;

/**
 * Sums how long a refresh's statements took in its two heavy phases (the co-liked and the content lists, 16
 * statements each), from its `onStatement` calls; `also` sees every statement too.
 */
function phaseTimer(also?: (text: string, milliseconds: number) => void) {
  const milliseconds = { coLiked: 0, content: 0 };
  return {
    onStatement: (text: string, spent: number) => {
      if (text.includes('INSERT INTO rec_co_liked')) milliseconds.coLiked += spent;
      if (text.includes('INSERT INTO rec_content')) milliseconds.content += spent;
      also?.(text, spent);
    },
    seconds: () => ({ coLikedSeconds: milliseconds.coLiked / 1000, contentSeconds: milliseconds.content / 1000 }),
  };
}

interface ScheduledRefresh {
  saves: number;
  cooks: number;
  seconds: number;
  coLikedSeconds: number;
  contentSeconds: number;
  undoSeconds: number;
}

/**
 * `intervalSaves` new saves (two per cook, random cooks, recipes drawn towards the most liked: those have the most
 * likers, so their lists cost most), a scheduled (not forced) refresh timed, then the saves removed and the next
 * scheduled refresh timed too. The phases come from the refresh's own statements (onStatement).
 */
async function measureScheduledRefresh(
  pool: pg.Pool,
  refresh: (force: boolean, onStatement: (text: string, milliseconds: number) => void) => Promise<RefreshResult>,
  userIds: string[],
  popularRecipeIds: string[],
  intervalSaves: number,
): Promise<ScheduledRefresh> {
  const random = randomSource(11);
  const users: string[] = [];
  const recipes: string[] = [];
  for (let n = 0; n < intervalSaves; n++) {
    if (n % 2 === 0) users.push(userIds[Math.floor(random() * userIds.length)]!);
    else users.push(users[users.length - 1]!);
    recipes.push(popularRecipeIds[Math.floor(popularRecipeIds.length * random() ** 3)]!);
  }
  const inserted = await pool.query<{ user_id: string; recipe_id: string }>(
    `INSERT INTO saved_recipes (user_id, recipe_id)
     SELECT DISTINCT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING RETURNING user_id, recipe_id`,
    [users, recipes],
  );
  const phases = phaseTimer();
  const timed = async (onStatement?: (text: string, milliseconds: number) => void) => {
    const result = await refresh(false, onStatement ?? (() => undefined));
    if (result.status !== 'refreshed') throw new Error(`scheduled refresh: ${result.status}`);
    return result.seconds;
  };
  const seconds = await timed(phases.onStatement);
  const { coLikedSeconds, contentSeconds } = phases.seconds();
  await pool.query(
    `DELETE FROM saved_recipes s USING unnest($1::uuid[], $2::uuid[]) AS x(u, r) WHERE s.user_id = x.u AND s.recipe_id = x.r`,
    [inserted.rows.map((row) => row.user_id), inserted.rows.map((row) => row.recipe_id)],
  );
  const undoSeconds = await timed();
  return {
    saves: inserted.rows.length,
    cooks: new Set(inserted.rows.map((row) => row.user_id)).size,
    seconds,
    coLikedSeconds,
    contentSeconds,
    undoSeconds,
  };
}

function render(results: SizeResult[], command: string): string {
  const f = (x: number, digits = 3) => x.toFixed(digits);
  const lines = [
    `# Recommendation bench (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Command: \`${command}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ` +
      `${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} at the end (shared with other sessions: timings are noisy).`,
    '',
    'Each evaluated cook (at least 6 likes) has their last 3 likes (saves or ratings of 4-5) hidden before loading;',
    "a list scores a hit when one of them is in its top 10. 'Most popular' is the most liked published recipes the",
    "cook has not touched; 'random' is 10 random published recipes they have not touched. The recommender is the",
    "server's own RecommendationService over the tables its own refresh filled.",
    '',
  ];
  for (const r of results) {
    lines.push(
      `## ${r.label}: ${r.recipes} recipes, ${r.users} cooks, ${r.saves} saves, ${r.ratings} ratings` +
        (r.seed === DEFAULT_SEED ? '' : ` (community seed ${r.seed})`),
      '',
      `Loaded in ${f(r.loadSeconds, 1)} s. Full refresh: **${f(r.refresh.seconds, 1)} s** (${r.refresh.coLikedPairs} co-liked pairs, ` +
        `${r.refresh.contentPairs} content pairs` +
        (Number.isNaN(r.refresh.seconds)
          ? ''
          : `; computing the co-liked lists ${f(r.refreshPhases.coLikedSeconds, 1)} s, ` +
            `the content lists ${f(r.refreshPhases.contentSeconds, 1)} s`) +
        `); a second refresh with nothing changed: ${r.again.status} in ${f(r.again.seconds, 2)} s.`,
      '',
      ...(r.scheduled
        ? [
            `A scheduled refresh after an interval's activity (${r.scheduled.saves} new saves by ${r.scheduled.cooks} ` +
              `cooks, drawn towards the most liked recipes): **${f(r.scheduled.seconds, 1)} s** (co-liked lists ` +
              `${f(r.scheduled.coLikedSeconds, 1)} s, content lists ${f(r.scheduled.contentSeconds, 1)} s); the same ` +
              `saves removed and the next scheduled refresh: ${f(r.scheduled.undoSeconds, 1)} s.`,
            '',
          ]
        : []),
      `| list (${r.evaluated} cooks) | hit rate@10 | nDCG@10 |`,
      '| --- | ---: | ---: |',
      `| recommender | ${f(r.hit.recommender)} | ${f(r.ndcg.recommender)} |`,
      `| most popular | ${f(r.hit.popular)} | ${f(r.ndcg.popular)} |`,
      `| random | ${f(r.hit.random)} | ${f(r.ndcg.random)} |`,
      '',
      r.ceilings === undefined
        ? 'Ceilings: not computed above 200k recipes (bench/src/recs-ceiling.ts takes minutes there).'
        : `Ceilings, from what the bench knows and no recommender does (bench/src/recs-ceiling.ts), hit rate@10: ` +
            `each cook's tastes and every recipe's appeal known ${f(r.ceilings.oracle)} ` +
            `(${f(r.ceilings.oracle / r.hit.popular, 2)}× most popular); the most liked within the cook's own ` +
            `(cuisine, ingredient family) tastes ${f(r.ceilings.popularInTastePairs)}; within their own cuisines ` +
            `${f(r.ceilings.popularInTasteCuisines)}.`,
      '',
      // Three decimals and the counts: a ratio near the target must not round into a pass.
      `Recommender / most popular, hit rate@10: **${f(r.hit.recommender / r.hit.popular, 3)}×** ` +
        `(${Math.round(r.hit.recommender * r.evaluated)} and ${Math.round(r.hit.popular * r.evaluated)} of ` +
        `${r.evaluated} cooks; target ≥ 2×).`,
      '',
      `More like this (${r.similar.sources} published recipes, 6 each, anonymous): ${r.similar.shown} results, ` +
        `**${f(r.similar.shared * 100, 1)} %** share the source's cuisine or main ingredient family (target ≥ 80 %), ` +
        `${f(r.similar.sameCuisine * 100, 1)} % its cuisine; ${r.similar.empty} sources had no result.`,
      '',
      `Checks: drafts recommended ${r.draftsShown}; recipes the cook already saved, rated or wrote recommended ${r.knownShown}; ` +
        `lists shorter than 10: ${r.evaluated - r.personalised}; sampled co-liked pairs linked by fewer than 3 users: ` +
        `${r.privacy.under} of ${r.privacy.sampled}.`,
      '',
      `In-process read times (the service and repository, no HTTP; interleaved, one call at a time): recommended, ` +
        `a cook's first call after the refresh (scored, stored, read back) p50 ${f(r.latency.recommendedP50, 1)} ms / ` +
        `p99 ${f(r.latency.recommendedP99, 1)} ms, their next call (the stored list) p50 ${f(r.latency.storedP50, 1)} ms / ` +
        `p99 ${f(r.latency.storedP99, 1)} ms; view-recipe read p50 ${f(r.latency.viewP50, 1)} ms / p99 ` +
        `${f(r.latency.viewP99, 1)} ms; similar, first call per recipe, p50 ${f(r.latency.similarP50, 1)} ms.`,
      '',
      ...(r.apiUnderRefresh ? renderUnderRefresh(r.apiUnderRefresh) : []),
    );
  }
  return lines.join('\n');
}

export async function runRecsBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '10k' },
      'eval-users': { type: 'string', default: '1000' },
      /** The community's seed (recs-community.ts); the parameters were tuned on the default. */
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'admin-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      out: { type: 'string', default: '' },
      /** Tuning: keep the database an earlier run loaded (same seed, same community), and refresh it again. */
      'reuse-data': { type: 'boolean', default: false },
      /** Tuning the request side only: score the tables as an earlier run left them. */
      'skip-refresh': { type: 'boolean', default: false },
      /** New saves before a timed scheduled refresh (then removed, and refreshed again); 0 skips it. */
      'interval-saves': { type: 'string', default: '1000' },
      'from-source': { type: 'boolean', default: false },
      /** Also the API's view-recipe and similar p50/p99 with and without a refresh running (real built server). */
      'under-refresh': { type: 'boolean', default: false },
      /** With --under-refresh: the quiet API figures only, no run under a refresh (1M: a full refresh takes long). */
      'quiet-only': { type: 'boolean', default: false },
      /** With --under-refresh: measure one forced full refresh from start to commit, round after round. */
      'whole-refresh': { type: 'boolean', default: false },
      /** With --under-refresh: the refresh's backend at the lowest CPU priority (a local database only). */
      'low-priority': { type: 'boolean', default: false },
      /** With --under-refresh: open-loop Poisson arrivals at --rate (paced-load.ts), not autocannon's bursts. */
      paced: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '30' },
      connections: { type: 'string', default: '20' },
      rate: { type: 'string', default: '200' },
    },
  });
  fromSource = values['from-source'];
  const sizes = values.sizes.split(',').map((text) => {
    const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
    if (!match) throw new Error(`--sizes: '${text}' is not a size such as 10k or 1m`);
    const scale = { '': 1, k: 1_000, m: 1_000_000 }[(match[2] ?? '').toLowerCase()] ?? 1;
    return { label: text.trim().toLowerCase(), recipes: Math.round(Number(match[1]) * scale) };
  });
  const results: SizeResult[] = [];
  for (const size of sizes)
    results.push(
      await runSize(
        values['admin-url'],
        size.label,
        size.recipes,
        Number(values['eval-users']),
        Number(values.seed),
        values['reuse-data'],
        values['skip-refresh'],
        Number(values['interval-saves']),
        values['under-refresh']
          ? {
              seconds: Number(values.seconds),
              connections: Number(values.connections),
              rate: Number(values.rate),
              quietOnly: values['quiet-only'],
              wholeRefresh: values['whole-refresh'],
              lowPriority: values['low-priority'],
              paced: values.paced,
            }
          : undefined,
      ),
    );
  const markdown = render(results, `npm run bench -- recs ${argv.join(' ')}`.trim());
  const file = values.out || `${repoRoot}bench/results/recs-${new Date().toISOString().slice(0, 10)}-raw.md`;
  writeFileSync(file, `${markdown}\n`);
  console.info(markdown);
  log(`written to ${file}`);
}
