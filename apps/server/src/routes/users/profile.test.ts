import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, CookieJar, registerUser, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk, MALFORMED_ID, UNKNOWN_ID } from '../../test/fixtures.js';

let ctx: TestContext;
let owner: { id: string; email: string; password: string; jar: CookieJar };
let visitor: { id: string; jar: CookieJar };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await registerUser(ctx.app, 'Olga Owner');
  visitor = await registerUser(ctx.app, 'Vic Visitor');
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /users/{id}', () => {
  it('needs a login', async () => {
    expectError(await call(ctx.app, 'GET', `/users/${owner.id}`), 401, 'Please log in to continue');
  });

  it('includes the email for the owner only, and never the password', async () => {
    const own = expectOk(await call(ctx.app, 'GET', `/users/${owner.id}`, { jar: owner.jar }));
    expect(own.user).toMatchObject({ _id: owner.id, name: 'Olga Owner', email: owner.email });
    expect(own.user.avatar).toEqual({ url: expect.any(String), isDefault: true, variants: [] });

    const seen = expectOk(await call(ctx.app, 'GET', `/users/${owner.id}`, { jar: visitor.jar }));
    expect(seen.user).toMatchObject({ _id: owner.id, name: 'Olga Owner' });
    expect(seen.user).not.toHaveProperty('email');
    for (const response of [own, seen]) expect(JSON.stringify(response)).not.toMatch(/password/i);
  });

  it('answers an unknown id with 404 and a malformed id with 400', async () => {
    expectError(await call(ctx.app, 'GET', `/users/${UNKNOWN_ID}`, { jar: visitor.jar }), 404, 'User not found');
    expectError(await call(ctx.app, 'GET', `/users/${MALFORMED_ID}`, { jar: visitor.jar }), 400, 'Invalid id');
  });
});

describe('GET /users/current', () => {
  it('returns the logged-in user with their email, and 401 when anonymous', async () => {
    const data = expectOk(await call(ctx.app, 'GET', '/users/current', { jar: visitor.jar }));
    expect(Object.keys(data)).toEqual(['user']);
    expect(data.user).toMatchObject({ _id: visitor.id, name: 'Vic Visitor', email: expect.any(String) });
    expectError(await call(ctx.app, 'GET', '/users/current'), 401);
  });
});

describe('PATCH /users/update-details', () => {
  it('changes the name of the logged-in user only', async () => {
    const user = await registerUser(ctx.app, 'Old Name');
    const data = expectOk(
      await call(ctx.app, 'PATCH', '/users/update-details', { jar: user.jar, payload: { name: '  New Name  ' } }),
    );
    expect(data.user).toMatchObject({ _id: user.id, name: 'New Name', email: user.email });
    const seen = expectOk(await call(ctx.app, 'GET', `/users/${user.id}`, { jar: visitor.jar }));
    expect(seen.user.name).toBe('New Name');
  });

  it('ignores fields other than the name', async () => {
    const user = await registerUser(ctx.app, 'Plain');
    const payload = { name: 'Plainer', email: 'hijack@example.com', _id: UNKNOWN_ID, password: 'whatever123' };
    const data = expectOk(await call(ctx.app, 'PATCH', '/users/update-details', { jar: user.jar, payload }));
    expect(data.user).toMatchObject({ _id: user.id, name: 'Plainer', email: user.email });
    // The password sent along was ignored too.
    expectOk(await call(ctx.app, 'POST', '/users/login', { payload: { email: user.email, password: user.password } }));
  });

  it("validates with 'Name cannot be empty' and needs a login", async () => {
    for (const payload of [{ name: '' }, { name: '   ' }, {}]) {
      expectError(
        await call(ctx.app, 'PATCH', '/users/update-details', { jar: owner.jar, payload }),
        400,
        'Name cannot be empty',
      );
    }
    expectError(await call(ctx.app, 'PATCH', '/users/update-details', { payload: { name: 'Anon' } }), 401);
  });
});

describe('PATCH /users/update-password', () => {
  it('changes the password: the old one stops working, the new one works', async () => {
    const user = await registerUser(ctx.app);
    const payload = { curPassword: user.password, newPassword: 'another long secret' };
    expectOk(await call(ctx.app, 'PATCH', '/users/update-password', { jar: user.jar, payload }));
    expectError(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: user.email, password: user.password } }),
      401,
      'Invalid email or password',
    );
    expectOk(
      await call(ctx.app, 'POST', '/users/login', {
        jar: new CookieJar(),
        payload: { email: user.email, password: payload.newPassword },
      }),
    );
  });

  it('validates with the spec messages and refuses a wrong current password', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ newPassword: 'long enough pass' }, 'This is required field'],
      [{ curPassword: '', newPassword: 'long enough pass' }, 'This is required field'],
      [{ curPassword: owner.password }, 'This is required field'],
      [{ curPassword: owner.password, newPassword: '' }, 'This is required field'],
      [{ curPassword: owner.password, newPassword: 'short' }, 'Password should be at least 8 characters'],
    ];
    for (const [payload, message] of cases) {
      expectError(await call(ctx.app, 'PATCH', '/users/update-password', { jar: owner.jar, payload }), 400, message);
    }
    expectError(
      await call(ctx.app, 'PATCH', '/users/update-password', {
        jar: owner.jar,
        payload: { curPassword: 'not my password', newPassword: 'long enough pass' },
      }),
      400,
      'Current password is incorrect',
    );
    expectOk(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: owner.email, password: owner.password } }),
    );
  });

  it('needs a login', async () => {
    const payload = { curPassword: 'whatever pass', newPassword: 'long enough pass' };
    expectError(await call(ctx.app, 'PATCH', '/users/update-password', { payload }), 401);
  });
});
