// Two Forkful instances behind HAProxy, on the machine's PostgreSQL, Redis and an S3-compatible server (issue 22).
// Run with `npm run test:cluster`; what each part proves is in docs/decisions/029-cluster-and-deployment.md.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeClientConnections, CookieJar, randomLoopbackAddress, type Reply } from './harness/client.js';
import { startCluster, serverSupportsTrustProxy, type Cluster, type InstanceName } from './harness/cluster.js';
import { queryDatabase } from './harness/database.js';
import { describeFailures, failed, startLoad, type Outcome } from './harness/load.js';

const trustProxy = serverSupportsTrustProxy();
/** Log-in, sign-up and refresh calls per address a minute (the per-account log-in limit is a third of it). */
const AUTH_LIMIT = 10;

let cluster: Cluster;
const api = (path: string) => `/api/v1${path}`;

beforeAll(async () => {
  cluster = await startCluster({
    env: trustProxy ? { AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT) } : {},
  });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

/**
 * Makes the proxy's next request go to `target`. The backend balances round robin, so after a harmless probe answered
 * by one instance the next request goes to the other; the caller still checks `servedBy` of its own request.
 */
async function steer(target: InstanceName, from: string): Promise<void> {
  for (let probe = 0; probe < 4; probe++) {
    const reply = await call(cluster.proxy.base, 'GET', api('/health/live'), { from });
    if (reply.servedBy !== target) return;
  }
  throw new Error(`the proxy kept sending every probe to ${target}`);
}

/** One call that must be answered by `target`, through the proxy. */
async function on(
  target: InstanceName,
  method: string,
  path: string,
  options: { jar?: CookieJar; json?: unknown; form?: FormData; from: string; headers?: Record<string, string> },
): Promise<Reply> {
  await steer(target, options.from);
  const reply = await call(cluster.proxy.base, method, api(path), options);
  expect(reply.servedBy, `${method} ${path} should have gone to ${target}`).toBe(target);
  return reply;
}

let accounts = 0;
function newAccountForm(): { form: FormData; email: string; password: string } {
  accounts += 1;
  const email = `cluster-${process.pid}-${Date.now()}-${accounts}@example.com`;
  const password = `cluster-pw-${accounts}-${Date.now()}-secret`;
  const form = new FormData();
  form.append('name', `Cluster Cook ${accounts}`);
  form.append('email', email);
  form.append('password', password);
  return { form, email, password };
}

function recipeForm(title: string, photo?: Buffer): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('introduction', 'Made by the cluster test.');
  form.append('cookingTime', '20');
  form.append('ingredients', '1 cup orzo');
  form.append('steps', 'Cook it.');
  form.append('isPublished', 'true');
  if (photo) form.append('recipePhoto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  return form;
}

describe('two instances behind the proxy', () => {
  it('a cook who logs in on one instance keeps working on the other', async () => {
    const from = randomLoopbackAddress();
    const { form, email, password } = newAccountForm();
    const signUp = await call(cluster.proxy.base, 'POST', api('/users/register'), { form, from });
    expect(signUp.status, signUp.body.toString()).toBe(201);

    const jar = new CookieJar();
    const login = await on('app1', 'POST', '/users/login', { jar, json: { email, password }, from });
    expect(login.status, login.body.toString()).toBe(200);

    const current = await on('app2', 'GET', '/users/current', { jar, from });
    expect(current.status).toBe(200);
    expect(current.json<{ data: { user: { email: string } } }>().data.user.email).toBe(email);

    const created = await on('app2', 'POST', '/recipes/create-recipe', {
      jar,
      form: recipeForm(`Cluster orzo ${Date.now()}`),
      from,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const recipeId = created.json<{ data: { _id: string } }>().data._id;

    const renamed = await on('app1', 'PATCH', '/users/update-details', { jar, json: { name: 'Renamed Cook' }, from });
    expect(renamed.status).toBe(200);
    const viewed = await on('app1', 'GET', `/recipes/${recipeId}/view-recipe`, { jar, from });
    expect(viewed.status).toBe(200);

    // Logging out on one instance ends the session on the other too (the session lives in PostgreSQL).
    const accessToken = jar.get('accessToken');
    const logout = await on('app2', 'POST', '/users/logout', { jar, from });
    expect(logout.status).toBe(200);
    const stale = new CookieJar();
    stale.set('accessToken', accessToken ?? '');
    const after = await on('app1', 'GET', '/users/current', { jar: stale, from });
    expect(after.status).toBe(401);
  });

  it('a refresh token used again on the other instance is detected as reuse and ends the session', async () => {
    const from = randomLoopbackAddress();
    const { form } = newAccountForm();
    const jar = new CookieJar();
    const signUp = await on('app1', 'POST', '/users/register', { jar, form, from });
    expect(signUp.status, signUp.body.toString()).toBe(201);
    const firstToken = jar.get('refreshToken');
    expect(firstToken).toBeTruthy();

    const rotated = await on('app2', 'POST', '/users/refresh-token', { jar, from });
    expect(rotated.status, rotated.body.toString()).toBe(200);
    const secondToken = jar.get('refreshToken');
    expect(secondToken).not.toBe(firstToken);

    // Two tabs refreshing at once may send the same token within 30 s (not reuse). Rather than wait, the test moves
    // the rotation back in time in the shared database; the check itself is the instances' own.
    await queryDatabase(
      cluster.databaseUrl,
      `UPDATE refresh_tokens SET rotated_at = rotated_at - interval '5 minutes' WHERE rotated_at IS NOT NULL`,
    );

    const thief = new CookieJar();
    thief.set('refreshToken', firstToken ?? '');
    const replay = await on('app1', 'POST', '/users/refresh-token', { jar: thief, from });
    expect(replay.status).toBe(401);

    // The whole token family is revoked: the newest token and the access token fail on either instance.
    const owner = new CookieJar();
    owner.set('refreshToken', secondToken ?? '');
    expect((await on('app2', 'POST', '/users/refresh-token', { jar: owner, from })).status).toBe(401);
    expect((await on('app1', 'GET', '/users/current', { jar, from })).status).toBe(401);
    expect((await on('app2', 'GET', '/users/current', { jar, from })).status).toBe(401);
  });

  it('a photo uploaded through one instance is served when the other draws the recipe', async () => {
    const from = randomLoopbackAddress();
    const { form } = newAccountForm();
    const jar = new CookieJar();
    expect((await call(cluster.proxy.base, 'POST', api('/users/register'), { jar, form, from })).status).toBe(201);
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const created = await on('app1', 'POST', '/recipes/create-recipe', {
      jar,
      form: recipeForm(`Cluster photo ${Date.now()}`, photo),
      from,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const recipeId = created.json<{ data: { _id: string } }>().data._id;

    const viewed = await on('app2', 'GET', `/recipes/${recipeId}/view-recipe`, { from });
    expect(viewed.status).toBe(200);
    const photoUrl = viewed.json<{ data: { recipePhoto: string } }>().data.recipePhoto;
    expect(photoUrl.startsWith(`${cluster.proxy.base}/media/`), photoUrl).toBe(true);

    const image = await call(cluster.proxy.base, 'GET', new URL(photoUrl).pathname, { from });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.body).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBeGreaterThan(0);
  });

  it.skipIf(!trustProxy)(
    'the log-in limit is shared by both instances and keyed on the address the proxy forwards (TRUST_PROXY)',
    async () => {
      const client = randomLoopbackAddress();
      const login = (from: string, headers: Record<string, string> = {}) =>
        call(cluster.proxy.base, 'POST', api('/users/login'), {
          json: { email: `nobody-${Date.now()}-${Math.random()}@example.com`, password: 'not-the-password-1' },
          from,
          headers,
        });
      const answered: Reply[] = [];
      for (let attempt = 0; attempt < AUTH_LIMIT; attempt++) answered.push(await login(client));
      expect(answered.map((reply) => reply.status)).toEqual(Array.from({ length: AUTH_LIMIT }, () => 401));
      // Round robin: both instances counted these attempts, in one shared counter.
      expect(new Set(answered.map((reply) => reply.servedBy))).toEqual(new Set(['app1', 'app2']));
      const over = await login(client);
      expect(over.status, over.body.toString()).toBe(429);
      const overOnTheOther = await login(client);
      expect(overOnTheOther.status).toBe(429);
      expect(new Set([over.servedBy, overOnTheOther.servedBy])).toEqual(new Set(['app1', 'app2']));

      // A forwarded-for header the client writes itself is replaced by the proxy: it does not escape the limit.
      const forged = await login(client, { 'x-forwarded-for': randomLoopbackAddress() });
      expect(forged.status).toBe(429);
      // Another client, behind the same proxy, is not limited by the first one's attempts.
      const neighbour = await login(randomLoopbackAddress());
      expect(neighbour.status).toBe(401);
    },
  );

  describe('under load', () => {
    let from: string;
    let cooks: CookieJar[];
    let recipeIds: string[];

    beforeAll(async () => {
      from = randomLoopbackAddress();
      cooks = [];
      recipeIds = [];
      for (let index = 0; index < 3; index++) {
        const { form } = newAccountForm();
        const jar = new CookieJar();
        const signUp = await call(cluster.proxy.base, 'POST', api('/users/register'), { jar, form, from });
        expect(signUp.status, signUp.body.toString()).toBe(201);
        cooks.push(jar);
        const created = await call(cluster.proxy.base, 'POST', api('/recipes/create-recipe'), {
          jar,
          form: recipeForm(`Cluster load ${index} ${Date.now()}`),
          from,
        });
        expect(created.status).toBe(201);
        recipeIds.push(created.json<{ data: { _id: string } }>().data._id);
      }
    }, 60_000);

    const until = async (condition: () => boolean, timeoutMs = 60_000) => {
      const started = Date.now();
      while (!condition()) {
        if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms in vain`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const bothInRotation = async () => {
      await cluster.proxy.waitFor('app1', 'UP');
      await cluster.proxy.waitFor('app2', 'UP');
    };
    const load = () => startLoad({ base: cluster.proxy.base, cooks, recipeIds, from, pauseMs: 10 }, 4);
    const served = (outcomes: Outcome[], name: InstanceName, after = 0) =>
      outcomes.filter((o) => !failed(o) && o.servedBy === name && o.sentAt >= after).length;

    it('an instance killed mid-load fails no request but those in flight on it', async () => {
      await bothInRotation();
      const traffic = load();
      // Until both instances have answered a few requests each (a loaded machine may take a while).
      await until(() => served(traffic.sofar(), 'app1') >= 5 && served(traffic.sofar(), 'app2') >= 5);
      const killedAt = Date.now();
      const ended = await cluster.stop('app2', 'SIGKILL');
      // When this process learnt of the death (an upper bound: the kernel may accept a connection for a process
      // that is being killed, and a request written on it is in flight on it).
      const deadAt = Date.now();
      expect(ended.signal).toBe('SIGKILL');
      // The survivor carries on: at least 2 s and 20 answers after the kill.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await until(() => served(traffic.sofar(), 'app1', deadAt) >= 20);
      const outcomes = await traffic.stop();
      closeClientConnections();

      try {
        const failures = outcomes.filter(failed);
        const message = `killed at +0, seen dead at +${deadAt - killedAt} ms\n${describeFailures(outcomes, killedAt)}\n${cluster.proxy.output()}`;
        expect(served(outcomes, 'app2'), 'app2 took part before the kill').toBeGreaterThanOrEqual(5);
        expect(served(outcomes, 'app1', deadAt), 'app1 carried the load after it').toBeGreaterThanOrEqual(20);
        // Only a request that was on its way when the process died may fail, and only one the proxy must not replay
        // (a write): reads are retried on the other instance.
        for (const failure of failures) {
          expect(failure.method, message).not.toBe('GET');
          expect(failure.sentAt, message).toBeLessThanOrEqual(deadAt);
          expect(failure.doneAt, message).toBeGreaterThanOrEqual(killedAt);
        }
        expect(failures.length, message).toBeLessThanOrEqual(4);
      } finally {
        // Whatever the assertions say, the next test starts with both instances.
        await cluster.start('app2');
      }
    }, 120_000);

    it('a rolling restart (SIGTERM one, start it, then the other) fails no request', async () => {
      await bothInRotation();
      const traffic = load();
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const exits: Array<{ code: number | null; signal: string | null }> = [];
      for (const name of ['app1', 'app2'] as const) {
        exits.push(await cluster.stop(name, 'SIGTERM'));
        await cluster.start(name);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const outcomes = await traffic.stop();
      closeClientConnections();

      expect(exits, `${JSON.stringify(exits)}\n${cluster.logs().slice(-6000)}`).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      expect(outcomes.filter(failed), `${describeFailures(outcomes, started)}\n${cluster.proxy.output()}`).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(50);
      const end = outcomes.at(-1)?.sentAt ?? 0;
      // Both restarted instances serve again at the end.
      expect(served(outcomes, 'app1', end - 1500)).toBeGreaterThan(0);
      expect(served(outcomes, 'app2', end - 1500)).toBeGreaterThan(0);
    }, 180_000);
  });
});
