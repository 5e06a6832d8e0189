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
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, unauthorized } from '../../errors.js';
import { ok, parseWith, readMultipart, responses } from '../../http.js';
import { currentUserId, REFRESH_COOKIE, signedIn } from '../../plugins/auth.js';
import { authRateLimit, loginAccountLimit } from '../../plugins/security.js';
import type { Services } from '../../services/container.js';
import { avatarForm, registerForm } from '../multipart-forms.js';
import type { NewSession } from '../../services/accounts.js';
import { USER_NOT_FOUND } from '../../repositories/users.js';

const tags = ['users'];
const userData = z.object({ user: userSchema });

async function setSessionCookies(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  { sessionId, refreshToken }: NewSession,
) {
  const accessToken = await app.tokens.signAccess({ userId, sessionId });
  app.setSessionCookies(reply, accessToken, refreshToken);
}

/** Sign-up, log-in and the session calls: open to visitors. */
const openUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { sessions, accounts, map, config } = services;

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
      const { user, session } = await accounts.register(values, form.file?.bytes);
      await setSessionCookies(app, reply, user.id, session);
      return ok(reply, { user: map.user(user, true) }, 'Account created', 201);
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
      const { user, session } = await accounts.logIn(request.body.email, request.body.password);
      await setSessionCookies(app, reply, user.id, session);
      return ok(reply, { user: map.user(user, true) }, 'Logged in');
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
      const user = await accounts.user(result.userId);
      return ok(reply, { user: map.user(user, true) }, 'Session refreshed');
    },
  );
};

/** Every route here needs a signed-in user (`signedIn`). */
const signedInUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { users, accounts, map, config } = services;

  app.get('/current', { schema: { tags, response: responses(userData) } }, async (request, reply) => {
    const user = await accounts.user(currentUserId(request));
    return ok(reply, { user: map.user(user, true) });
  });

  app.patch(
    '/update-password',
    { schema: { tags, body: updatePasswordSchema, response: responses(z.null()) } },
    async (request, reply) => {
      const userId = currentUserId(request);
      const { curPassword, newPassword } = request.body;
      await setSessionCookies(app, reply, userId, await accounts.changePassword(userId, curPassword, newPassword));
      return ok(reply, null, 'Password changed');
    },
  );

  app.patch(
    '/update-details',
    { schema: { tags, body: updateDetailsSchema, response: responses(userData) } },
    async (request, reply) => {
      const user = await accounts.rename(currentUserId(request), request.body.name);
      return ok(reply, { user: map.user(user, true) }, 'Details updated');
    },
  );

  app.patch(
    '/update-avatar',
    {
      schema: { tags, consumes: ['multipart/form-data'], multipartBody: avatarForm, response: responses(userData) },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const form = await readMultipart(request, { fileField: 'avatar', maxFileBytes: config.maxUploadBytes });
      if (!form.file) throw badRequest(messages.photoRequired);
      const user = await accounts.replaceAvatar(userId, form.file.bytes);
      return ok(reply, { user: map.user(user, true) }, 'Avatar updated');
    },
  );

  app.patch('/remove-avatar', { schema: { tags, response: responses(userData) } }, async (request, reply) => {
    const user = await accounts.removeAvatar(currentUserId(request));
    return ok(reply, { user: map.user(user, true) }, 'Avatar removed');
  });

  app.delete('/delete', { schema: { tags, response: responses(z.null()) } }, async (request, reply) => {
    await accounts.delete(currentUserId(request));
    app.clearSessionCookies(reply);
    return ok(reply, null, 'Account deleted successfully');
  });

  app.get(
    '/:id',
    {
      schema: { tags, params: z.object({ id: idSchema }), response: responses(userData) },
    },
    async (request, reply) => {
      const user = await users.findById(request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return ok(reply, { user: map.user(user, user.id === currentUserId(request)) });
    },
  );
};

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(openUserRoutes, { services });
  await app.register(signedIn(signedInUserRoutes), { services });
};
