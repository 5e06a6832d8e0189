import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../services/common-passwords.js';
import { createTestApp, multipart, registerUser, type TestContext } from '../test/app.js';
import { call, expectError, expectOk } from '../test/fixtures.js';
import { tableCounts } from '../test/state.js';

let ctx: TestContext;
const COMMON = 'This password is too common, please choose another';
const TOO_LONG = 'Password should be at most 128 characters';
const TOO_SHORT = 'Password should be at least 8 characters';

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await ctx.close();
});

let signUps = 0;
function register(password: string) {
  signUps += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    ...multipart({ name: 'Pass Cook', email: `pass-${signUps}@example.com`, password }),
  });
}

/** Signs up with `password`, then logs in with it from a fresh device. */
async function expectAccepted(password: string): Promise<void> {
  const registered = await register(password);
  const { email } = expectOk(registered, 201).user;
  expect(registered.body).not.toContain(password);
  expect(registered.body).not.toMatch(/argon2|passwordHash|password_hash/);
  const login = await call(ctx.app, 'POST', '/users/login', { payload: { email, password } });
  expect(expectOk(login).user.email).toBe(email);
  expect(login.body).not.toContain(password);
  // One character short is a different password.
  const wrong = await call(ctx.app, 'POST', '/users/login', { payload: { email, password: password.slice(0, -1) } });
  expectError(wrong, 401, 'Invalid email or password');
}

describe('passwords', () => {
  it('accepts a 128-character pass-phrase', async () => {
    const phrase = 'correct horse battery staple '.repeat(5).slice(0, 128);
    expect(phrase).toHaveLength(128);
    await expectAccepted(phrase);
  });

  it('accepts Unicode pass-phrases, counting characters as people do', async () => {
    await expectAccepted('Crème brûlée à la française — 美味しい料理 🍲');
    await expectAccepted('пароль-из-кириллицы');
    // 128 characters, 192 UTF-16 units: still within the limit.
    const emoji = `${'🍲🥘'.repeat(32)}${'e'.repeat(64)}`;
    expect(Array.from(emoji)).toHaveLength(128);
    await expectAccepted(emoji);
    // Four emoji are four characters, not eight.
    expectError(await register('🍲🥘🍲🥘'), 400, TOO_SHORT);
    expectError(await register(`${emoji}!`), 400, TOO_LONG);
  });

  it('refuses 129 characters and 7, on sign-up and on change, storing nothing', async () => {
    const before = await tableCounts(ctx.database.pool);
    expectError(await register('x'.repeat(129)), 400, TOO_LONG);
    expectError(await register('seven77'), 400, TOO_SHORT);
    expect(await tableCounts(ctx.database.pool)).toEqual(before);

    const cook = await registerUser(ctx.app, 'Changer', 'changer@example.com', 'the first pass phrase');
    for (const [newPassword, message] of [
      ['x'.repeat(129), TOO_LONG],
      ['seven77', TOO_SHORT],
    ]) {
      const response = await call(ctx.app, 'PATCH', '/users/update-password', {
        jar: cook.jar,
        payload: { curPassword: 'the first pass phrase', newPassword },
      });
      expectError(response, 400, message);
    }
    const changed = await call(ctx.app, 'PATCH', '/users/update-password', {
      jar: cook.jar,
      payload: { curPassword: 'the first pass phrase', newPassword: 'y'.repeat(128) },
    });
    expect(expectOk(changed)).toBeNull();
    expectOk(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: cook.email, password: 'y'.repeat(128) } }),
    );
  });

  it('refuses common passwords with a clear message, whatever their case', async () => {
    const before = await tableCounts(ctx.database.pool);
    for (const password of ['password123', 'iloveyou1', 'PASSWORD123', 'ILoveYou1', 'qwertyuiop', '12345678']) {
      expectError(await register(password), 400, COMMON);
    }
    expect(await tableCounts(ctx.database.pool)).toEqual(before);

    const cook = await registerUser(ctx.app, 'Common', 'common@example.com', 'an uncommon pass phrase');
    const response = await call(ctx.app, 'PATCH', '/users/update-password', {
      jar: cook.jar,
      payload: { curPassword: 'an uncommon pass phrase', newPassword: 'password123' },
    });
    expectError(response, 400, COMMON);
    expectOk(
      await call(ctx.app, 'POST', '/users/login', {
        payload: { email: cook.email, password: 'an uncommon pass phrase' },
      }),
    );
  });

  it('knows every long-enough password of the 10,000 most common', () => {
    const file = fileURLToPath(new URL('../../assets/common-passwords.txt', import.meta.url));
    const list = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(list.length).toBeGreaterThan(3000);
    for (const password of list) {
      expect(password.length, password).toBeGreaterThanOrEqual(8);
      expect(isCommonPassword(password), password).toBe(true);
      expect(isCommonPassword(password.toUpperCase()), password).toBe(true);
    }
    expect(isCommonPassword('a pass phrase nobody uses')).toBe(false);
  });

  it('lets a log-in try a password of any sane length, but not a megabyte', async () => {
    const cook = await registerUser(ctx.app, 'Long Login', 'long-login@example.com', 'a sane pass phrase');
    expectError(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: cook.email, password: 'z'.repeat(1024) } }),
      401,
    );
    expectError(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: cook.email, password: 'z'.repeat(1025) } }),
      400,
    );
    const huge = await call(ctx.app, 'POST', '/users/login', {
      payload: { email: cook.email, password: 'z'.repeat(1024 * 1024) },
    });
    expectError(huge, 413, 'The request body is too large');
  });
});
