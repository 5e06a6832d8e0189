import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk } from '../../test/fixtures.js';

let ctx: TestContext;
let secure: TestContext;

beforeAll(async () => {
  // The shortest lifetime the configuration allows, so a real token really expires during the test.
  ctx = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '5' });
  secure = await createTestApp({ COOKIE_SECURE: 'true' });
});
afterAll(async () => {
  await Promise.all([ctx.close(), secure.close()]);
});

/** Waits until the JWT's own `exp` has passed (by the clock the server checks against). */
async function waitForExpiry(token: string): Promise<void> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  const remaining = payload.exp * 1000 + 250 - Date.now();
  if (remaining > 0) await sleep(remaining);
}

describe('an expired access token', () => {
  it("answers 401 'jwt expired' until the client refreshes, then works again", async () => {
    const user = await registerUser(ctx.app);
    expectOk(await call(ctx.app, 'GET', '/users/current', { jar: user.jar }));
    await waitForExpiry(user.jar.get('accessToken')!);

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
