import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, CookieJar, multipart, registerUser, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk } from '../../test/fixtures.js';

let ctx: TestContext;

beforeAll(async () => {
  // Many log-ins and refreshes from one test address: lift the per-address limit on them for this file.
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await ctx.close();
});

const current = (jar: CookieJar) => call(ctx.app, 'GET', '/users/current', { jar });
const refresh = (jar: CookieJar) => call(ctx.app, 'POST', '/users/refresh-token', { jar });

async function login(email: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  expectOk(await call(ctx.app, 'POST', '/users/login', { jar, payload: { email, password } }));
  return jar;
}

/** A copy of a jar, as another tab or an attacker holding the same cookies would have. */
function copy(jar: CookieJar): CookieJar {
  const clone = new CookieJar();
  for (const name of ['accessToken', 'refreshToken']) {
    const value = jar.get(name);
    if (value) clone.set(name, value);
  }
  return clone;
}

/** Moves every rotation of a user's refresh tokens a minute into the past, beyond the grace window. */
async function agePastGrace(userId: string): Promise<void> {
  await ctx.database.pool.query(
    `UPDATE refresh_tokens SET rotated_at = rotated_at - interval '1 minute'
     WHERE rotated_at IS NOT NULL AND session_id IN (SELECT id FROM sessions WHERE user_id = $1)`,
    [userId],
  );
}

describe('session cookies', () => {
  it('are HttpOnly and SameSite=Lax on register and login, the refresh cookie scoped to /api/v1/users', async () => {
    const failed = await call(ctx.app, 'POST', '/users/login', { payload: { email: 'x@y.z', password: 'nope' } });
    expectError(failed, 401);
    expect(failed.cookies).toEqual([]);
    const user = await registerUser(ctx.app);
    const response = await call(ctx.app, 'POST', '/users/login', {
      payload: { email: user.email, password: user.password },
    });
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart({ name: 'C', email: 'cookie@example.com', password: 'a fine passphrase' }),
    });
    for (const res of [response, register]) {
      const cookies = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie]));
      expect(cookies.accessToken).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookies.refreshToken).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/users' });
      expect(cookies.accessToken?.secure).toBeFalsy();
    }
    expect(response.body).not.toContain(response.cookies[0]!.value);
  });
});

describe('POST /users/refresh-token', () => {
  it('rotates the refresh token and issues a working access token', async () => {
    const user = await registerUser(ctx.app);
    const before = user.jar.get('refreshToken');
    const data = expectOk(await refresh(user.jar));
    expect(data.user).toMatchObject({ _id: user.id, email: user.email });
    expect(user.jar.get('refreshToken')).toBeTruthy();
    expect(user.jar.get('refreshToken')).not.toBe(before);
    expectOk(await current(user.jar));
    // The rotated-to token rotates again.
    const second = user.jar.get('refreshToken');
    expectOk(await refresh(user.jar));
    expect(user.jar.get('refreshToken')).not.toBe(second);
  });

  it('answers a missing or unknown refresh token with 401', async () => {
    expectError(await refresh(new CookieJar()), 401, 'Refresh token is missing');
    const jar = new CookieJar();
    jar.set('refreshToken', 'made-up-token');
    expectError(await refresh(jar), 401, 'Invalid refresh token');
  });

  it('tolerates reuse of a rotated token within the grace window without rotating again', async () => {
    const user = await registerUser(ctx.app);
    const otherTab = copy(user.jar);
    expectOk(await refresh(user.jar));
    const response = await refresh(otherTab);
    expectOk(response);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['accessToken', 'signedIn']);
    expectOk(await current(otherTab));
    expectOk(await current(user.jar));
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const user = await registerUser(ctx.app);
    const otherDevice = await login(user.email, user.password);
    const stolen = copy(user.jar);
    expectOk(await refresh(user.jar));
    await agePastGrace(user.id);

    expectError(await refresh(stolen), 401, 'Invalid refresh token');
    // The legitimate holder of the newest token is logged out too: the family is revoked.
    expectError(await refresh(user.jar), 401, 'Invalid refresh token');
    expectError(await current(user.jar), 401);
    // Another login of the same user is another family, untouched.
    expectOk(await current(otherDevice));
    expectOk(await refresh(otherDevice));
  });

  it('keeps the user logged in when 10 refreshes with one cookie arrive at once', async () => {
    const user = await registerUser(ctx.app);
    const tabs = Array.from({ length: 10 }, () => copy(user.jar));
    const responses = await Promise.all(tabs.map((tab) => refresh(tab)));
    for (const response of responses) expectOk(response);
    const rotated = responses.filter((response) => response.cookies.some((cookie) => cookie.name === 'refreshToken'));
    expect(rotated).toHaveLength(1);

    // The browser's one cookie jar ends with the rotated token, whatever order the answers came in.
    const browser = copy(user.jar);
    for (const response of responses) browser.store(response);
    expect(browser.get('refreshToken')).not.toBe(user.jar.get('refreshToken'));
    expectOk(await current(browser));
    await agePastGrace(user.id);
    expectOk(await refresh(browser));
    expectOk(await current(browser));
  });
});

describe('ending sessions', () => {
  it('logout revokes the session and clears the cookies', async () => {
    const user = await registerUser(ctx.app);
    const kept = copy(user.jar);
    const response = await call(ctx.app, 'POST', '/users/logout', { jar: user.jar });
    expect(expectOk(response)).toBeNull();
    const cleared = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cleared.accessToken?.value).toBe('');
    expect(cleared.refreshToken?.value).toBe('');
    expect(user.jar.get('accessToken')).toBeUndefined();

    expectError(await current(kept), 401);
    expectError(await refresh(kept), 401, 'Invalid refresh token');
    // Logging out without a session is still a success.
    expectOk(await call(ctx.app, 'POST', '/users/logout'));
  });

  it('a password change revokes every session and gives this device a new one', async () => {
    const user = await registerUser(ctx.app);
    const laptop = await login(user.email, user.password);
    const phone = await login(user.email, user.password);
    const stolen = new CookieJar();
    stolen.set('accessToken', laptop.get('accessToken')!);
    stolen.set('refreshToken', laptop.get('refreshToken')!);
    const payload = { curPassword: user.password, newPassword: 'a brand new secret' };
    expect(expectOk(await call(ctx.app, 'PATCH', '/users/update-password', { jar: laptop, payload }))).toBeNull();

    expect(laptop.get('refreshToken')).not.toBe(stolen.get('refreshToken'));
    expectOk(await current(laptop));
    expectOk(await refresh(laptop));
    for (const jar of [user.jar, phone, stolen]) {
      expectError(await current(jar), 401);
      expectError(await refresh(jar), 401);
    }
    expectError(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: user.email, password: user.password } }),
      401,
    );
    await login(user.email, 'a brand new secret');
  });
});

describe('access tokens', () => {
  it('refuses a forged or garbled token with 401, and ignores it on public calls', async () => {
    const user = await registerUser(ctx.app);
    const token = user.jar.get('accessToken')!;
    const [header, payload] = token.split('.');
    const forged = new CookieJar();
    forged.set('accessToken', `${header}.${payload}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expectError(await current(forged), 401, 'Invalid access token');
    const garbled = new CookieJar();
    garbled.set('accessToken', 'garbage');
    expectError(await current(garbled), 401, 'Invalid access token');
    expectOk(await call(ctx.app, 'GET', '/recipes/all', { jar: garbled }));
    expectError(await current(new CookieJar()), 401, 'Please log in to continue');
  });
});
