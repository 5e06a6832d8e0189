// The ceiling: the bench scenarios' SQL through bare `pg` behind `node:http`, with no framework, validation or
// schema-driven serialisation. Started as a child process (like the app) by ceiling.ts.
// Env: CEILING_DATABASE_URL, CEILING_PORT, CEILING_POOL_MAX (the app's default pool size, 10).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { verify } from '@node-rs/argon2';
import pg from 'pg';
import * as q from './ceiling-queries.js';
import { serverMappers, serverModule, serverSearch, type Run } from './server-modules.js';

const map = await serverMappers();
// The parse scenario's work is the parser itself, which the ceiling runs too; only the framework is left out.
const { parseIngredientLines } = await serverModule<{ parseIngredientLines: (lines: string[]) => unknown[] }>(
  'services/ingredients/parse.js',
);
const search = await serverSearch();

const pool = new pg.Pool({
  connectionString: process.env.CEILING_DATABASE_URL,
  max: Number(process.env.CEILING_POOL_MAX ?? 10),
  options: '-c jit=off', // as the app's pool (apps/server/src/db/client.ts)
});
const run: Run = async <Row>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as Row[];
const PAGE_SIZE = 10;

function send(res: ServerResponse, statusCode: number, data: unknown, message = 'Success'): void {
  const body = JSON.stringify(
    statusCode < 400 ? { success: true, statusCode, message, data } : { success: false, statusCode, message },
  );
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
}

/** The claims of the access cookie, read without checking the signature (the app's jose check is app cost). */
function claimsOf(req: IncomingMessage): { userId: string; sessionId: string } | undefined {
  const token = /(?:^|;\s*)accessToken=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string; sid?: string };
  return claims.sub && claims.sid ? { userId: claims.sub, sessionId: claims.sid } : undefined;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, match: string[], url: URL) => Promise<void>;

const routes: Array<[string, RegExp, Handler]> = [
  [
    'GET',
    /^\/api\/v1\/recipes\/all$/,
    async (_req, res, _m, url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 12);
      const [rows, count] = await Promise.all([
        pool.query<q.CardRow>(q.queries.listPage, [limit, (page - 1) * limit]),
        pool.query<{ total: string }>(q.queries.listCount),
      ]);
      const total = Number(count.rows[0]?.total ?? 0);
      const recipes = rows.rows.map((row) => map.recipeCard(row as never));
      send(res, 200, { recipes, curPageNum: page, totalRecipeCount: total, totalPages: Math.ceil(total / limit) });
    },
  ],
  [
    'GET',
    /^\/api\/v1\/recipes\/([0-9a-f-]{36})\/view-recipe$/,
    async (_req, res, [, id]) => {
      const row = (await pool.query<q.RecipeRow>(q.queries.viewRecipe, [id])).rows[0];
      if (!row) return send(res, 404, null, 'Recipe not found');
      send(res, 200, map.recipe(row as never));
    },
  ],
  [
    'GET',
    /^\/api\/v1\/recipes\/search$/,
    async (_req, res, _m, url) => {
      const rows = await search.suggestTitles(run, url.searchParams.get('query') ?? '', 8);
      send(res, 200, { recipes: rows.map((row) => ({ _id: row.id, title: row.title })) });
    },
  ],
  [
    'GET',
    /^\/api\/v1\/recipes\/view-recipe-by-name\/(.+)$/,
    async (_req, res, [, name]) => {
      const rows = await search.searchRecipes<q.CardRow>(run, decodeURIComponent(name ?? ''), 48);
      send(
        res,
        200,
        rows.map((row) => map.recipeCard(row as never)),
      );
    },
  ],
  [
    'GET',
    /^\/api\/v1\/reviews\/view-all\/([0-9a-f-]{36})$/,
    async (_req, res, [, recipeId], url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const visible = await pool.query(q.queries.recipeVisible, [recipeId, null]);
      if (visible.rowCount === 0) return send(res, 404, null, 'Recipe not found');
      const [rows, count] = await Promise.all([
        pool.query<q.ReviewRow>(q.queries.reviewPage, [recipeId, PAGE_SIZE, (page - 1) * PAGE_SIZE]),
        pool.query<{ total: string }>(q.queries.reviewCount, [recipeId]),
      ]);
      const total = Number(count.rows[0]?.total ?? 0);
      const reviews = rows.rows.map((row) => map.review(row as never));
      send(res, 200, {
        reviews,
        curPage: page,
        totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        totalReviews: total,
      });
    },
  ],
  [
    'GET',
    /^\/api\/v1\/recipes\/random-recipes$/,
    async (_req, res, _m, url) => {
      const limit = Number(url.searchParams.get('limit') ?? 8);
      const start = Math.random();
      const rows = await pool.query<q.CardRow>(q.queries.random, [start, limit, start, limit]);
      send(res, 200, { recipes: rows.rows.slice(0, limit).map((row) => map.recipeCard(row as never)) });
    },
  ],
  [
    'GET',
    /^\/api\/v1\/recipes\/([0-9a-f-]{36})\/check-saved$/,
    async (req, res, [, id]) => {
      const claims = claimsOf(req);
      if (!claims) return send(res, 401, null, 'Unauthorized');
      // Named like the app's (sessions.ts prepares it once per connection), so both skip the re-parse.
      const active = await pool.query({
        name: 'session_is_active',
        text: q.queries.sessionActive,
        values: [claims.sessionId, claims.userId, 1],
      });
      if (active.rowCount === 0) return send(res, 401, null, 'Your session has ended, please log in again');
      const card = await pool.query(q.queries.visibleCard, [id, claims.userId]);
      if (card.rowCount === 0) return send(res, 404, null, 'Recipe not found');
      const saved = await pool.query(q.queries.isSaved, [claims.userId, id]);
      send(res, 200, { isSaved: (saved.rowCount ?? 0) > 0 });
    },
  ],
  [
    'POST',
    /^\/api\/v1\/ingredients\/parse$/,
    async (req, res) => {
      const body = await readJson(req);
      const lines = Array.isArray(body.lines) ? body.lines.map(String) : [];
      send(res, 200, { ingredients: parseIngredientLines(lines) });
    },
  ],
  [
    'POST',
    /^\/api\/v1\/users\/login$/,
    async (req, res) => {
      const body = await readJson(req);
      const email = String(body.email ?? '')
        .trim()
        .toLowerCase();
      const rows = await pool.query<{
        id: string;
        name: string;
        email: string;
        avatar_key: string | null;
        created_at: Date;
        password_hash: string;
      }>(q.queries.userByEmail, [email, 1]);
      const user = rows.rows[0];
      // Password hashing is the security the log-in needs, not framework cost: the ceiling does it too.
      if (!user || !(await verify(user.password_hash, String(body.password ?? '')))) {
        return send(res, 401, null, 'Invalid email or password');
      }
      const session = await pool.query<{ id: string }>(q.queries.startSession, [user.id]);
      const refreshToken = randomBytes(32).toString('base64url');
      const tokenHash = createHash('sha256').update('pepper').update(refreshToken).digest('hex');
      await pool.query(q.queries.storeRefreshToken, [
        session.rows[0]?.id,
        tokenHash,
        new Date(Date.now() + 30 * 86400_000),
      ]);
      res.setHeader('set-cookie', [`refreshToken=${refreshToken}; Path=/api/v1/users; HttpOnly; SameSite=Lax`]);
      const data = {
        _id: user.id,
        name: user.name,
        email: user.email,
        avatar: map.avatar(user.avatar_key),
        createdAt: user.created_at.toISOString(),
      };
      send(res, 200, { user: data }, 'Logged in');
    },
  ],
];

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') return send(res, 200, null);
  for (const [method, pattern, handler] of routes) {
    const match = pattern.exec(url.pathname);
    if (match && req.method === method) {
      handler(req, res, match, url).catch((error: unknown) => {
        console.error(error);
        send(res, 500, null, 'Internal error');
      });
      return;
    }
  }
  send(res, 404, null, 'Route not found');
});

server.listen(Number(process.env.CEILING_PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
