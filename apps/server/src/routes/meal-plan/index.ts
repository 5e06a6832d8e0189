import {
  API_BASE,
  type CalendarLink,
  calendarLinkSchema,
  calendarTokenParamsSchema,
  copyWeekResponseSchema,
  copyWeekSchema,
  createMealPlanEntrySchema,
  deletedMealPlanEntrySchema,
  mealPlanEntryParamsSchema,
  mealPlanEntrySchema,
  mealPlanMessages,
  mealPlanQuerySchema,
  mealPlanResponseSchema,
  mealPlanSettingsSchema,
  updateMealPlanEntrySchema,
  updateMealPlanSettingsSchema,
} from '@forkful/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import { ok, responses, sendDataJson } from '../../http.js';
import { currentClaims, currentUserId, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services/container.js';
import { plannerServices } from '../../services/planner.js';

const tags = ['meal-plan'];

function feedUrls(
  request: FastifyRequest,
  publicUrl: string | undefined,
  token: string,
  createdAt: Date | string,
): CalendarLink {
  const origin = (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  const url = `${origin}${API_BASE}/meal-plan/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: new Date(createdAt).toISOString() };
}

/** Every route here needs a signed-in user, and reads or changes that user's plan only. */
const signedInMealPlanRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { mealPlan, plans } = plannerServices(services);
  const { publicUrl } = services.config;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The user's planned entries from one date to another (both included, at most 62 days)",
        querystring: mealPlanQuerySchema,
        response: responses(mealPlanResponseSchema),
      },
      // The session is checked in the read's first statement, with the week's stamp (one round trip, not two).
      config: { sessionCheckedByRoute: true },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      // A hot read built field by field in the contract's order (toEntry), kept while its rows do not change
      // (MealPlanService.rangeJson), and sent as that text inside the envelope.
      const { userId, sessionId } = currentClaims(request);
      const entries = await mealPlan.rangeJson(userId, sessionId, from, to);
      return sendDataJson(reply, [
        `{"from":${JSON.stringify(from)},"to":${JSON.stringify(to)},"entries":`,
        entries,
        '}',
      ]);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Plans a recipe or a note on a day and slot (a replayed clientId answers 200 with the same entry)',
        body: createMealPlanEntrySchema,
        response: { ...responses(mealPlanEntrySchema, 201), 200: responses(mealPlanEntrySchema)[200] },
      },
    },
    async (request, reply) => {
      const { entry, created } = await mealPlan.create(currentUserId(request), request.body);
      return created ? ok(reply, entry, 'Planned', 201) : ok(reply, entry, 'Already planned');
    },
  );

  app.post(
    '/copy-week',
    {
      schema: {
        tags,
        summary: 'Adds the entries of one week (from a Monday) to another; the same copy twice adds nothing',
        body: copyWeekSchema,
        response: responses(copyWeekResponseSchema),
      },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      const result = await mealPlan.copyWeek(currentUserId(request), from, to);
      return ok(reply, { ...result, from, to }, 'Week copied');
    },
  );

  app.get(
    '/calendar-link',
    {
      schema: {
        tags,
        summary: "The secret URL of the user's calendar feed (made on first use)",
        response: responses(calendarLinkSchema),
      },
    },
    async (request, reply) => {
      const { token, createdAt } = await mealPlan.calendarToken(currentUserId(request), false);
      return ok(reply, feedUrls(request, publicUrl, token, createdAt));
    },
  );

  app.post(
    '/calendar-link',
    {
      schema: {
        tags,
        summary: 'A new secret calendar URL; the old one stops working at once',
        response: responses(calendarLinkSchema),
      },
    },
    async (request, reply) => {
      const { token, createdAt } = await mealPlan.calendarToken(currentUserId(request), true);
      return ok(reply, feedUrls(request, publicUrl, token, createdAt), 'Calendar link regenerated');
    },
  );

  app.delete(
    '/calendar-link',
    {
      schema: {
        tags,
        summary: 'Turns the calendar feed off (404 when there is none)',
        response: responses(z.object({ revoked: z.boolean() })),
      },
    },
    async (request, reply) => {
      if (!(await mealPlan.revokeCalendar(currentUserId(request))))
        throw notFound(mealPlanMessages.calendarLinkNotFound);
      return ok(reply, { revoked: true }, 'Calendar link revoked');
    },
  );

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: "The user's slot times and calendar event length",
        response: responses(mealPlanSettingsSchema),
      },
    },
    async (request, reply) => ok(reply, await mealPlan.settings(currentUserId(request))),
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Changes slot times and/or the calendar event length',
        body: updateMealPlanSettingsSchema,
        response: responses(mealPlanSettingsSchema),
      },
    },
    async (request, reply) =>
      ok(reply, await plans.updateSettings(currentUserId(request), request.body), 'Settings saved'),
  );

  app.patch(
    '/:entryId',
    {
      schema: {
        tags,
        summary: 'Moves or changes an entry (only the fields sent change)',
        params: mealPlanEntryParamsSchema,
        body: updateMealPlanEntrySchema,
        response: responses(mealPlanEntrySchema),
      },
    },
    async (request, reply) =>
      ok(reply, await mealPlan.update(currentUserId(request), request.params.entryId, request.body), 'Updated'),
  );

  app.delete(
    '/:entryId',
    {
      schema: {
        tags,
        summary: "Removes an entry and its share of the shopping list's unticked lines",
        params: mealPlanEntryParamsSchema,
        response: responses(deletedMealPlanEntrySchema),
      },
    },
    async (request, reply) => {
      await mealPlan.delete(currentUserId(request), request.params.entryId);
      return ok(reply, { _id: request.params.entryId }, 'Removed');
    },
  );
};

/** The calendar feed: no login (calendar apps have none); the token in the URL is the secret. */
const calendarFeedRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { mealPlan } = plannerServices(services);
  app.get(
    '/calendar/:token',
    {
      schema: {
        tags,
        summary: 'The plan as iCalendar (text/calendar), for phone calendars to subscribe to; 404 for a revoked link',
        params: calendarTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const body = await mealPlan.calendarFeed(token, new Date().toISOString().slice(0, 10));
      if (body === undefined) throw notFound(mealPlanMessages.calendarLinkNotFound);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
};

export const mealPlanRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(calendarFeedRoutes, { services });
  await app.register(signedIn(signedInMealPlanRoutes), { services });
};
