import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionRepository } from '../repositories/sessions.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { makeImage, uploadedFiles } from '../test/fixtures.js';
import { tableCounts } from '../test/state.js';
import { AccountService } from './accounts.js';
import { createServices, type Services } from './container.js';
import { imageFileNames } from './images.js';

// The account workflows on a real database and real storage: each leaves the account whole, and no stray file.
let ctx: TestContext;
let services: Services;
let avatar: Buffer;
let photo: Buffer;
const password = 'a long passphrase';

let emails = 0;
const newEmail = () => `account-${++emails}@example.com`;
const files = () => uploadedFiles(ctx.config.uploadsDir);
const avatarFiles = (key: string | null) => (key ? imageFileNames('avatar', key).sort() : []);

beforeAll(async () => {
  ctx = await createTestApp();
  services = createServices(ctx.config, ctx.database.db);
  avatar = await makeImage('png', { width: 120, height: 120 });
  photo = await makeImage('jpeg', { width: 200, height: 100 });
});
afterAll(async () => {
  await ctx.close();
});

describe('AccountService', () => {
  it('registers an account with its avatar and a live session', async () => {
    const { user, session } = await services.accounts.register({ name: 'New', email: newEmail(), password }, avatar);
    expect(files()).toEqual(avatarFiles(user.avatarKey));
    expect(await services.sessions.isActive(session.sessionId, user.id)).toBe(true);
    await services.accounts.delete(user.id);
    expect(files()).toEqual([]);
  });

  it('keeps neither row nor avatar when sign-up fails', async () => {
    const email = newEmail();
    await services.accounts.register({ name: 'First', email, password }, undefined);
    const before = await tableCounts(ctx.database.pool);
    await expect(services.accounts.register({ name: 'Second', email, password }, avatar)).rejects.toMatchObject({
      statusCode: 409,
    });
    // The session write failing after the account was written: the account goes too.
    const failing = new (class extends SessionRepository {
      override start(): never {
        throw new Error('session store down');
      }
    })(ctx.database.db, ctx.config.refreshTokenSecret, ctx.config.refreshTokenTtlDays);
    const accounts = new AccountService(ctx.database.db, services.users, failing, services.images);
    await expect(accounts.register({ name: 'Third', email: newEmail(), password }, avatar)).rejects.toThrow(
      'session store down',
    );
    expect(await tableCounts(ctx.database.pool)).toEqual(before);
    expect(files()).toEqual([]);
  });

  it('logs in with the right password only, with the same answer for an unknown email', async () => {
    const email = newEmail();
    const { user } = await services.accounts.register({ name: 'Login', email, password }, undefined);
    const signedIn = await services.accounts.logIn(email, password);
    expect(signedIn.user.id).toBe(user.id);
    for (const [tryEmail, tryPassword] of [
      [email, 'not the passphrase'],
      ['nobody@example.com', password],
    ] as const) {
      await expect(services.accounts.logIn(tryEmail, tryPassword)).rejects.toMatchObject({
        statusCode: 401,
        message: 'Invalid email or password',
      });
    }
  });

  it('changes the password in one go: every old session ends, the new one lives', async () => {
    const email = newEmail();
    const { user, session: first } = await services.accounts.register({ name: 'Pw', email, password }, undefined);
    const second = (await services.accounts.logIn(email, password)).session;
    await expect(
      services.accounts.changePassword(user.id, 'wrong passphrase', 'another passphrase'),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Current password is incorrect',
    });
    await expect(services.accounts.changePassword(user.id, password, 'password')).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await services.sessions.isActive(first.sessionId, user.id)).toBe(true);

    const next = await services.accounts.changePassword(user.id, password, 'another passphrase');
    expect(await services.sessions.isActive(first.sessionId, user.id)).toBe(false);
    expect(await services.sessions.isActive(second.sessionId, user.id)).toBe(false);
    expect(await services.sessions.isActive(next.sessionId, user.id)).toBe(true);
    await expect(services.accounts.logIn(email, password)).rejects.toMatchObject({ statusCode: 401 });
    expect((await services.accounts.logIn(email, 'another passphrase')).user.id).toBe(user.id);
  });

  it('replaces and removes an avatar, keeping only the current files', async () => {
    const { user } = await services.accounts.register({ name: 'Face', email: newEmail(), password }, avatar);
    const changed = await services.accounts.replaceAvatar(user.id, avatar);
    expect(changed.avatarKey).not.toBe(user.avatarKey);
    expect(files()).toEqual(avatarFiles(changed.avatarKey));
    const removed = await services.accounts.removeAvatar(user.id);
    expect(removed.avatarKey).toBeNull();
    expect(files()).toEqual([]);
    await services.accounts.delete(user.id);
  });

  it('answers a deleted account with 401 and keeps none of its upload', async () => {
    const { user } = await services.accounts.register({ name: 'Gone', email: newEmail(), password }, undefined);
    await services.accounts.delete(user.id);
    const gone = { statusCode: 401, message: 'Your account no longer exists' };
    await expect(services.accounts.replaceAvatar(user.id, avatar)).rejects.toMatchObject(gone);
    await expect(services.accounts.removeAvatar(user.id)).rejects.toMatchObject(gone);
    await expect(services.accounts.rename(user.id, 'Ghost')).rejects.toMatchObject(gone);
    await expect(services.accounts.user(user.id)).rejects.toMatchObject(gone);
    await expect(services.accounts.delete(user.id)).rejects.toMatchObject(gone);
    expect(files()).toEqual([]);
  });

  it('deletes an account with the files of its avatar and its recipe photos', async () => {
    const { user } = await services.accounts.register({ name: 'Leaving', email: newEmail(), password }, avatar);
    const recipe = { title: 'Last Stew', introduction: '', cookingTime: 5, ingredients: ['a'], steps: ['b'] };
    await services.recipePhotos.createRecipe(user.id, { ...recipe, isPublished: true }, photo);
    await services.recipePhotos.createRecipe(user.id, { ...recipe, isPublished: false }, photo);
    expect(files().length).toBeGreaterThan(avatarFiles(user.avatarKey).length);
    await services.accounts.delete(user.id);
    expect(files()).toEqual([]);
    expect(await services.users.findById(user.id)).toBeUndefined();
  });
});
