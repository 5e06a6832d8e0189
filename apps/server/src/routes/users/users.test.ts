import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, CookieJar, multipart, registerUser, type TestContext } from '../../test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('users', () => {
  it('registers, reads the current user, logs out and logs in again', async () => {
    const { app } = ctx;
    const user = await registerUser(app, 'Ann Cook', 'ann@example.com');
    expect(user.jar.get('accessToken')).toBeTruthy();
    expect(user.jar.get('refreshToken')).toBeTruthy();

    const current = await app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { cookie: user.jar.header() },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      success: true,
      statusCode: 200,
      data: { user: { _id: user.id, name: 'Ann Cook', email: 'ann@example.com', avatar: { isDefault: true } } },
    });
    expect(current.body).not.toContain('password');

    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: user.jar.header() },
    });
    expect(logout.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { cookie: user.jar.header() },
    });
    expect(after.statusCode).toBe(401);

    const jar = new CookieJar();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'ANN@example.com', password: user.password },
    });
    expect(login.statusCode).toBe(200);
    jar.store(login);
    expect(login.json().data.user.email).toBe('ann@example.com');
  });

  it('answers a second account with the same email with 409', async () => {
    await registerUser(ctx.app, 'First', 'same@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart({ name: 'Second', email: 'same@example.com', password: 'another password' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 409,
      message: 'An account with this email already exists',
    });
  });

  it('lets only one of several simultaneous sign-ups with one email through', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/users/register',
          ...multipart({ name: `Racer ${n}`, email: 'race@example.com', password: 'a long passphrase' }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toEqual({
        success: false,
        statusCode: 409,
        message: 'An account with this email already exists',
      });
    }
  });

  it('validates register and login with the spec messages', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'a@b.co', password: 'longenough' }, 'Name is required'],
      [{ name: 'A', password: 'longenough' }, 'Email is required'],
      [{ name: 'A', email: 'not-an-email', password: 'longenough' }, 'Invalid email format'],
      [{ name: 'A', email: 'a@b.co' }, 'Password is required'],
      [{ name: 'A', email: 'a@b.co', password: 'short' }, 'Password should be at least 8 characters'],
    ];
    for (const [fields, message] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', ...multipart(fields) });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ success: false, statusCode: 400, message });
    }
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { password: 'x' } });
    expect(login.json()).toEqual({ success: false, statusCode: 400, message: 'Email is required' });
  });

  it('does not tell whether an email exists when login fails', async () => {
    const user = await registerUser(ctx.app);
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: 'wrong password' },
    });
    const unknownEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });
});
