import {
  idSchema,
  loginSchema,
  registerSchema,
  updateDetailsSchema,
  updatePasswordSchema,
  userSchema,
  messages,
} from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, unauthorized } from '../../errors.js';
import { ok, parseWith, readMultipart, responses } from '../../http.js';
import { currentUserId, REFRESH_COOKIE } from '../../plugins/auth.js';
import { authRateLimit, loginAccountLimit } from '../../plugins/security.js';
import type { Services } from '../../services/container.js';
import { avatarForm, registerForm } from '../multipart-forms.js';
import { COMMON_PASSWORD, isCommonPassword } from '../../services/common-passwords.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../services/passwords.js';
import { ACCOUNT_GONE, USER_NOT_FOUND } from '../../repositories/users.js';

const tags = ['users'];
const userData = z.object({ user: userSchema });
export const INVALID_LOGIN = 'Invalid email or password';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { users, sessions, images, map, config, db } = services;

  async function issueSession(reply: FastifyReply, userId: string) {
    const { sessionId, refreshToken } = await sessions.start(userId);
    const accessToken = await app.tokens.signAccess({ userId, sessionId });
    app.setSessionCookies(reply, accessToken, refreshToken);
  }

  async function loadUser(userId: string) {
    const row = await users.findById(userId);
    if (!row) throw unauthorized(ACCOUNT_GONE);
    return row;
  }

  app.post(
    '/register',
    {
      config: authRateLimit(config),
      schema: {
        tags,
        summary: 'Create an account (multipart: name, email, password, avatar) and log in',
        consumes: ['multipart/form-data'],
        multipartBody: registerForm,
        response: responses(userData, 201),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, { fileField: 'avatar', maxFileBytes: config.maxUploadBytes });
      const values = parseWith(registerSchema, form.fields);
      if (isCommonPassword(values.password)) throw badRequest(COMMON_PASSWORD);
      const passwordHash = await hashPassword(values.password);
      const avatarKey = form.file ? await images.store('avatar', form.file.bytes, 'pngOrJpeg') : null;
      try {
        const user = await users.create({ name: values.name, email: values.email, passwordHash, avatarKey });
        await issueSession(reply, user.id);
        return ok(reply, { user: map.user(user, true) }, 'Account created', 201);
      } catch (error) {
        if (avatarKey) await images.remove('avatar', avatarKey);
        throw error;
      }
    },
  );

  app.post(
    '/login',
    {
      config: authRateLimit(config),
      preHandler: loginAccountLimit(app, config),
      schema: { tags, body: loginSchema, response: responses(userData) },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await users.findByEmail(email);
      // The same answer and the same work whether or not the email exists.
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) throw unauthorized(INVALID_LOGIN);
      await issueSession(reply, user.id);
      return ok(reply, { user: map.user(user, true) }, 'Logged in');
    },
  );

  app.get(
    '/current',
    { preHandler: app.requireUser, schema: { tags, response: responses(userData) } },
    async (request, reply) => {
      const user = await loadUser(currentUserId(request));
      return ok(reply, { user: map.user(user, true) });
    },
  );

  app.post('/logout', { schema: { tags, response: responses(z.null()) } }, async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    const sessionId = refreshToken ? await sessions.sessionOfRefreshToken(refreshToken) : undefined;
    if (sessionId) await sessions.revoke(sessionId);
    app.clearSessionCookies(reply);
    return ok(reply, null, 'Logged out');
  });

  app.post(
    '/refresh-token',
    { config: authRateLimit(config), schema: { tags, response: responses(userData) } },
    async (request, reply) => {
      const refreshToken = request.cookies[REFRESH_COOKIE];
      if (!refreshToken) throw unauthorized('Refresh token is missing');
      const result = await sessions.rotate(refreshToken);
      if (result.kind === 'invalid') {
        app.clearSessionCookies(reply);
        throw unauthorized('Invalid refresh token');
      }
      const accessToken = await app.tokens.signAccess({ userId: result.userId, sessionId: result.sessionId });
      if (result.kind === 'rotated') app.setSessionCookies(reply, accessToken, result.refreshToken);
      // Within the grace window a parallel tab already received the next refresh token: only renew the access token.
      else app.setAccessCookie(reply, accessToken);
      const user = await loadUser(result.userId);
      return ok(reply, { user: map.user(user, true) }, 'Session refreshed');
    },
  );

  app.patch(
    '/update-password',
    { preHandler: app.requireUser, schema: { tags, body: updatePasswordSchema, response: responses(z.null()) } },
    async (request, reply) => {
      const userId = currentUserId(request);
      const user = await loadUser(userId);
      if (!(await verifyPassword(user.passwordHash, request.body.curPassword))) {
        throw badRequest('Current password is incorrect');
      }
      if (isCommonPassword(request.body.newPassword)) throw badRequest(COMMON_PASSWORD);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await users.updatePasswordHash(userId, passwordHash, tx);
        // Every session ends, this one included (a stolen copy of its tokens dies too) ...
        await sessions.revokeAllForUser(userId, undefined, tx);
      });
      // ... and this device carries on in a new session.
      await issueSession(reply, userId);
      return ok(reply, null, 'Password changed');
    },
  );

  app.patch(
    '/update-details',
    { preHandler: app.requireUser, schema: { tags, body: updateDetailsSchema, response: responses(userData) } },
    async (request, reply) => {
      const user = await users.updateName(currentUserId(request), request.body.name);
      if (!user) throw unauthorized(ACCOUNT_GONE);
      return ok(reply, { user: map.user(user, true) }, 'Details updated');
    },
  );

  app.patch(
    '/update-avatar',
    {
      preHandler: app.requireUser,
      schema: { tags, consumes: ['multipart/form-data'], multipartBody: avatarForm, response: responses(userData) },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const form = await readMultipart(request, { fileField: 'avatar', maxFileBytes: config.maxUploadBytes });
      if (!form.file) throw badRequest(messages.photoRequired);
      const key = await images.store('avatar', form.file.bytes);
      const result = await users.replaceAvatarKey(userId, key).catch(async (error: unknown) => {
        await images.remove('avatar', key);
        throw error;
      });
      if (!result) {
        await images.remove('avatar', key);
        throw unauthorized(ACCOUNT_GONE);
      }
      if (result.previousKey) await images.remove('avatar', result.previousKey);
      return ok(reply, { user: map.user(result.user, true) }, 'Avatar updated');
    },
  );

  app.patch(
    '/remove-avatar',
    { preHandler: app.requireUser, schema: { tags, response: responses(userData) } },
    async (request, reply) => {
      const result = await users.replaceAvatarKey(currentUserId(request), null);
      if (!result) throw unauthorized(ACCOUNT_GONE);
      if (result.previousKey) await images.remove('avatar', result.previousKey);
      return ok(reply, { user: map.user(result.user, true) }, 'Avatar removed');
    },
  );

  app.delete(
    '/delete',
    { preHandler: app.requireUser, schema: { tags, response: responses(z.null()) } },
    async (request, reply) => {
      const removed = await users.deleteWithEverything(currentUserId(request));
      if (!removed) throw unauthorized(ACCOUNT_GONE);
      // Files go only after the commit: a crash before it leaves everything, never a record without its photo.
      await Promise.all([
        ...(removed.avatarKey ? [images.remove('avatar', removed.avatarKey)] : []),
        ...removed.photoKeys.map((key) => images.remove('recipe', key)),
      ]);
      app.clearSessionCookies(reply);
      return ok(reply, null, 'Account deleted successfully');
    },
  );

  app.get(
    '/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, params: z.object({ id: idSchema }), response: responses(userData) },
    },
    async (request, reply) => {
      const user = await users.findById(request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return ok(reply, { user: map.user(user, user.id === currentUserId(request)) });
    },
  );
};
