import pg from 'pg';
import { BENCH_PASSWORD, benchEmail } from './generate.js';
import type { LoadResult, RequestSpec } from './load.js';
import { dishes, ingredients, mains } from './vocabulary.js';

export interface Scenario {
  key: string;
  name: string;
  /**
   * Makes the request generator: a fresh one per run, seeded, so every run of a server asks for the same sequence.
   * The app and the ceiling get different seeds of the same mix: with one sequence, the server measured second
   * would read rows the first had just brought into PostgreSQL's buffers, which at 1M recipes favours the ceiling
   * in the scenarios that read random rows (view, reviews, check-saved).
   */
  requests: (server: Server) => () => RequestSpec;
  /** Concurrent connections, when not the usual 50 (a crawler reads a sitemap one page at a time). */
  connections?: number;
  /** No ceiling server for this one: it measures the app alone. */
  noCeiling?: true;
  /** Measures in its own way instead of the load generator (meal-plan-scenarios.ts: work between requests). */
  run?: (seconds: number) => Promise<LoadResult>;
}

/**
 * How many bits of a recipe id choose a sitemap page: apps/server/src/routes/sitemap/index.ts `sitemapBits` (pages
 * of about 25,000 published recipes), so the bench asks for pages the index lists.
 */
function sitemapBits(published: number): number {
  let bits = 0;
  while (bits < 20 && published / 2 ** bits > 25_000) bits++;
  return bits;
}

/** A recipe page as a blog serves it: navigation and prose around a Yoast @graph with the Recipe node in it. */
function importPage(pick: <T>(list: readonly T[]) => T): string {
  const lines = Array.from({ length: 12 }, () => `1 cup ${pick(ingredients)}`);
  const recipe = {
    '@type': 'Recipe',
    '@id': 'https://recipes.example/smoky-tomato-pasta/#recipe',
    name: `${pick(mains)} ${pick(dishes)}`,
    description: 'A quick weeknight dinner.',
    author: { '@id': 'https://recipes.example/#/schema/person/1' },
    image: ['https://recipes.example/photo.jpg', 'https://recipes.example/photo-500x500.jpg'],
    recipeYield: ['4', '4 servings'],
    prepTime: 'PT10M',
    cookTime: 'PT20M',
    totalTime: 'PT30M',
    recipeIngredient: lines,
    recipeInstructions: [
      {
        '@type': 'HowToSection',
        name: 'Sauce',
        itemListElement: lines.slice(0, 4).map((text) => ({ '@type': 'HowToStep', text: `Stir in ${text}.` })),
      },
      {
        '@type': 'HowToSection',
        name: 'Pasta',
        itemListElement: lines
          .slice(4)
          .map((text) => ({ '@type': 'HowToStep', text: `Add ${text} and cook for 2 minutes.` })),
      },
    ],
  };
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', '@id': 'https://recipes.example/smoky-tomato-pasta/', name: recipe.name },
      { '@type': 'Person', '@id': 'https://recipes.example/#/schema/person/1', name: 'A Cook' },
      recipe,
    ],
  };
  const prose = '<p>We love this one on a busy evening; the sauce takes as long as the pasta.</p>'.repeat(300);
  return `<!doctype html><html lang="en"><head><meta property="og:site_name" content="Recipes Example"><script type="application/ld+json">${JSON.stringify(graph)}</script></head><body><nav>${'<a href="/x">Link</a>'.repeat(100)}</nav><article>${prose}</article></body></html>`;
}

/** Which server a run measures. */
export type Server = 'app' | 'ceiling';

export interface Sample {
  ids: string[];
  popular: string[];
  publishedCount: number;
  saved: Map<string, string[]>;
}

const API = '/api/v1';
const LOGGED_IN_USERS = 20;

/** mulberry32: a small seeded generator, so every run asks for the same sequence of pages, ids and words. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pickWith =
  (random: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(random() * list.length)] as T;

/** One edit a hurried typist makes: a dropped, doubled or swapped letter. */
function typo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * Math.max(1, word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at - 1) + (word[at] ?? '') + (word[at - 1] ?? '') + word.slice(at + 1);
}

/** Ids and saved recipes the scenarios ask for, read from the loaded database. */
export async function sampleOf(url: string): Promise<Sample> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = await client.query<{ id: string }>(
      `SELECT id FROM recipes WHERE is_published ORDER BY random_key LIMIT 5000`,
    );
    const popular = await client.query<{ id: string }>(
      `SELECT id FROM recipes WHERE is_published AND total_reviews >= 50 ORDER BY random_key LIMIT 500`,
    );
    const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM recipes WHERE is_published`);
    const emails = Array.from({ length: LOGGED_IN_USERS }, (_, i) => benchEmail(i + 1));
    const saved = await client.query<{ email: string; recipe_id: string }>(
      `SELECT u.email, s.recipe_id FROM saved_recipes s JOIN users u ON u.id = s.user_id WHERE u.email = ANY($1)`,
      [emails],
    );
    const byEmail = new Map<string, string[]>();
    for (const row of saved.rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.recipe_id]);
    return {
      ids: ids.rows.map((row) => row.id),
      popular: popular.rows.map((row) => row.id),
      publishedCount: Number(count.rows[0]?.n ?? 0),
      saved: byEmail,
    };
  } finally {
    await client.end();
  }
}

/** Logs bench user number `user` in through the app: their id and the access cookie to send. */
export async function logInAs(baseUrl: string, user: number): Promise<{ userId: string; cookie: string }> {
  const response = await fetch(`${baseUrl}${API}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail(user), password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`bench log-in failed: ${response.status} ${await response.text()}`);
  const access = response.headers.getSetCookie().find((cookie) => cookie.startsWith('accessToken='));
  if (!access) throw new Error('bench log-in returned no access cookie');
  const body = (await response.json()) as { data: { user: { _id: string } } };
  return { userId: body.data.user._id, cookie: access.split(';')[0] ?? '' };
}

/** Logs the first bench users in through the app, for check-saved; the cookies also work against the ceiling. */
export async function logIn(baseUrl: string): Promise<Array<{ email: string; cookie: string }>> {
  const sessions: Array<{ email: string; cookie: string }> = [];
  for (let user = 1; user <= LOGGED_IN_USERS; user++) {
    sessions.push({ email: benchEmail(user), cookie: (await logInAs(baseUrl, user)).cookie });
  }
  return sessions;
}

export function scenarios(sample: Sample, sessions: Array<{ email: string; cookie: string }>): Scenario[] {
  const generator =
    (seed: number, make: (pick: ReturnType<typeof pickWith>, random: () => number) => RequestSpec) =>
    (server: Server) => {
      const random = seeded(server === 'app' ? seed : seed + 1_000);
      const pick = pickWith(random);
      return () => make(pick, random);
    };
  const pages = Math.max(1, Math.min(100, Math.ceil(sample.publishedCount / 24)));
  const popular = sample.popular.length > 0 ? sample.popular : sample.ids;
  return [
    {
      key: 'list',
      name: 'List page (24 cards, pages 1–100)',
      requests: generator(1, (_pick, random) => ({
        method: 'GET',
        path: `${API}/recipes/all?page=${1 + Math.floor(random() * pages)}&limit=24`,
      })),
    },
    {
      key: 'view',
      name: 'View recipe (random ids)',
      requests: generator(2, (pick) => ({ method: 'GET', path: `${API}/recipes/${pick(sample.ids)}/view-recipe` })),
    },
    {
      key: 'suggest',
      name: 'Suggestions (prefixes, typos)',
      requests: generator(3, (pick, random) => {
        const main = pick(mains).toLowerCase();
        const dish = pick(dishes).toLowerCase();
        const roll = random();
        const query =
          roll < 0.4
            ? main.slice(0, 3 + Math.floor(random() * 4))
            : roll < 0.7
              ? `${main} ${dish.slice(0, 2 + Math.floor(random() * 3))}`
              : typo(roll < 0.85 ? main : `${main} ${dish}`, random);
        return { method: 'GET', path: `${API}/recipes/search?query=${encodeURIComponent(query)}` };
      }),
    },
    {
      key: 'search',
      name: 'Full search (1–2 words, 20% typos)',
      requests: generator(4, (pick, random) => {
        const main = pick(mains).toLowerCase();
        const words = random() < 0.5 ? main : `${main} ${pick(dishes).toLowerCase()}`;
        const query = random() < 0.2 ? typo(words, random) : words;
        return { method: 'GET', path: `${API}/recipes/view-recipe-by-name/${encodeURIComponent(query)}` };
      }),
    },
    {
      key: 'reviews',
      name: 'Reviews page (popular recipes pages 1–10, others page 1)',
      requests: generator(5, (pick, random) =>
        random() < 0.5
          ? { method: 'GET', path: `${API}/reviews/view-all/${pick(popular)}?page=${1 + Math.floor(random() * 10)}` }
          : { method: 'GET', path: `${API}/reviews/view-all/${pick(sample.ids)}?page=1` },
      ),
    },
    {
      key: 'random',
      name: 'Random recipes (8)',
      requests: generator(6, () => ({ method: 'GET', path: `${API}/recipes/random-recipes?limit=8` })),
    },
    {
      key: 'checkSaved',
      name: 'Check saved (logged in)',
      requests: generator(7, (pick, random) => {
        const session = pick(sessions);
        const saved = sample.saved.get(session.email) ?? [];
        const id = saved.length > 0 && random() < 0.5 ? pick(saved) : pick(sample.ids);
        return { method: 'GET', path: `${API}/recipes/${id}/check-saved`, cookie: session.cookie };
      }),
    },
    {
      // Issue 17: what the web's form sends as a cook types; 20 lines of the generator's ingredient vocabulary.
      key: 'parse',
      name: 'Parse ingredients (20 lines)',
      requests: generator(9, (pick) => ({
        method: 'POST',
        path: `${API}/ingredients/parse`,
        body: JSON.stringify({ lines: Array.from({ length: 20 }, () => pick(ingredients)) }),
      })),
    },
    {
      // Issue 21: a crawler reading the sitemap's recipe pages one after another (target: 200 ms at 1M), compressed
      // as crawlers ask for it. No ceiling: the page is streamed XML, not one of the ceiling's JSON answers.
      key: 'sitemap',
      name: 'Sitemap page (one range of ids, ~25,000 recipes at most, br; 1 connection)',
      connections: 1,
      noCeiling: true,
      requests: generator(10, (_pick, random) => {
        const bits = sitemapBits(sample.publishedCount);
        const page = Math.floor(random() * 2 ** bits);
        return { method: 'GET', path: `/sitemaps/recipes-${bits}-${page}.xml`, headers: { 'accept-encoding': 'br' } };
      }),
    },
    {
      // Issue 21: a cook pasting a recipe page (the import's pasted path: no fetch, so only the server's own work is
      // measured). A WordPress-like page of about 40 KB with a Yoast @graph and a Recipe node, as most sites have.
      // Four connections: the server runs at most four imports at once and refuses a fifth with 503.
      key: 'import',
      name: 'Import a pasted page (~40 KB, JSON-LD @graph; 4 connections)',
      connections: 4,
      noCeiling: true,
      requests: generator(11, (pick) => ({
        method: 'POST',
        path: `${API}/recipes/import`,
        cookie: pick(sessions).cookie,
        body: JSON.stringify({ html: importPage(pick), url: 'https://recipes.example/smoky-tomato-pasta' }),
      })),
    },
    {
      key: 'login',
      name: 'Log in (argon2id)',
      requests: generator(8, (_pick, random) => ({
        method: 'POST',
        path: `${API}/users/login`,
        body: JSON.stringify({ email: benchEmail(1 + Math.floor(random() * 50)), password: BENCH_PASSWORD }),
      })),
    },
  ];
}
