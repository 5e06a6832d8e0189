import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk } from '../../test/fixtures.js';

let ctx: TestContext;
let secure: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  secure = await createTestApp({ COOKIE_SECURE: 'true' });
});
afterAll(async () => {
  await Promise.all([ctx.close(), secure.close()]);
});

/**
 * The user's own access token re-signed with the server's secret, same user and session, but with `exp` moved to
 * `expiresIn` seconds from now: a token that expired without waiting for one to.
 */
async function reissued(token: string, expiresIn: number): Promise<string> {
  const { sub, sid } = decodeJwt(token);
  if (typeof sub !== 'string' || typeof sid !== 'string') throw new Error('the access token names no user or session');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt(now - 1800)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(ctx.config.accessTokenSecret));
}

describe('an expired access token', () => {
  it("answers 401 'jwt expired' until the client refreshes, then works again", async () => {
    const user = await registerUser(ctx.app);
    const genuine = user.jar.get('accessToken')!;
    // The same forgery with a time still ahead is accepted: what the server refuses below is the expiry alone.
    user.jar.set('accessToken', await reissued(genuine, 60));
    expect(expectOk(await call(ctx.app, 'GET', '/users/current', { jar: user.jar })).user._id).toBe(user.id);

    user.jar.set('accessToken', await reissued(genuine, -900));
    const expired = await call(ctx.app, 'GET', '/users/current', { jar: user.jar });
    expect(expired.json()).toEqual({ success: false, statusCode: 401, message: 'jwt expired' });
    // The browser keeps the cookie (it outlives the JWT), so every call can tell the client to refresh.
    expect(user.jar.get('accessToken')).toBeTruthy();
    expectError(
      await call(ctx.app, 'PATCH', '/users/update-details', { jar: user.jar, payload: { name: 'X' } }),
      401,
      'jwt expired',
    );
    expectError(await call(ctx.app, 'GET', '/recipes/all', { jar: user.jar }), 401, 'jwt expired');

    expectOk(await call(ctx.app, 'POST', '/users/refresh-token', { jar: user.jar }));
    const fresh = expectOk(await call(ctx.app, 'GET', '/users/current', { jar: user.jar }));
    expect(fresh.user._id).toBe(user.id);
  });
});

describe('COOKIE_SECURE', () => {
  it('marks both session cookies Secure', async () => {
    const user = await registerUser(secure.app);
    const response = await call(secure.app, 'POST', '/users/login', {
      payload: { email: user.email, password: user.password },
    });
    expectOk(response);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['accessToken', 'refreshToken', 'signedIn']);
    for (const cookie of response.cookies) {
      expect(cookie).toMatchObject({ secure: true, sameSite: 'Lax' });
      expect(cookie.httpOnly === true, cookie.name).toBe(cookie.name !== 'signedIn');
    }
  });
});
