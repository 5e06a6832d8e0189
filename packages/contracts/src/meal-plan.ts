import { z } from 'zod';
import { idSchema, timestampSchema } from './fields.js';
import { recipeCardSchema } from './recipes.js';

/*
 * Meal planner (issue 18): each user's plan is private to them. Every call needs a login; another user's entry id
 * answers 404 exactly like an id that never existed.
 *
 * SYNC RULES (offline queue, docs/decisions/024):
 * - Create (POST /meal-plan) takes an optional client-made `clientId` (a uuid). A replay with the same `clientId`
 *   answers the entry already made (200 instead of 201, same body), never a second entry. The entry's answer
 *   carries its `clientId`, so a client can match its optimistic entry to the server's `_id`.
 * - PATCH sets only the fields it sends (last write wins per field); sending the same PATCH twice gives the same
 *   state. `position` is the entry's place (0 = first) in its day and slot after the move; the server renumbers the
 *   slot's entries 0..n-1 so positions stay dense.
 * - DELETE of an entry that is not there (already deleted, or never yours) answers 404: a queue treats 404 on a
 *   DELETE as done.
 * - copy-week is idempotent: each copied entry remembers its source, so sending the same copy again adds nothing.
 * - A 4xx other than that 404 means the change can never succeed (bad input, a full day): drop it and tell the user.
 *   Retry only on network failures, 5xx, 429 and 503.
 */

export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

/** The most days one read (GET /meal-plan, from-meal-plan) may span, counting both ends. */
export const MEAL_PLAN_RANGE_MAX_DAYS = 62;
/** The most entries one day may hold, over all its slots. */
export const MEAL_PLAN_DAY_MAX_ENTRIES = 30;
/** A free-text entry ('leftovers', 'eat out'). */
export const MEAL_PLAN_TITLE_MAX = 200;
export const MEAL_PLAN_SERVINGS_MAX = 100;

export const mealPlanMessages = {
  dateInvalid: 'Dates are written YYYY-MM-DD (for example 2026-11-30)',
  slotInvalid: 'Slot must be one of breakfast, lunch, dinner, snack',
  rangeRequired: 'Send from and to as dates (YYYY-MM-DD)',
  rangeOrder: 'The range must not end before it starts',
  rangeTooLong: `A range can span at most ${MEAL_PLAN_RANGE_MAX_DAYS} days`,
  recipeOrTitle: 'Plan either a recipe (recipeId) or a note (title), not both and not neither',
  titleEmpty: 'The note cannot be empty',
  titleTooLong: `The note should be at most ${MEAL_PLAN_TITLE_MAX} characters`,
  titleOnRecipe: "A planned recipe's title comes from the recipe",
  servingsInvalid: `Servings must be a whole number from 1 to ${MEAL_PLAN_SERVINGS_MAX}`,
  servingsOnNote: 'Servings are for planned recipes, not notes',
  positionInvalid: 'Position must be a whole number from 0',
  clientIdInvalid: 'clientId must be a uuid',
  nothingToChange: 'Send at least one of date, slot, position, servings, title',
  dayFull: `A day can hold at most ${MEAL_PLAN_DAY_MAX_ENTRIES} planned entries`,
  entryNotFound: 'Planned entry not found',
  recipeNotFound: 'Recipe not found',
  weekNotMonday: 'Weeks start on a Monday: from and to must be Mondays',
  weekSame: 'Copy a week into a different week',
  timeInvalid: 'Times are written HH:MM (24-hour, for example 18:30)',
  durationInvalid: 'The event length must be a whole number of minutes from 5 to 240',
  calendarLinkNotFound: 'Calendar feed not found',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a 'YYYY-MM-DD' text names a real day (2026-02-30 does not), years 2000–2199. */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2199) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days from `from` to `to` ('YYYY-MM-DD' each): 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The date `days` after `date` ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday (ISO), for a 'YYYY-MM-DD' date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

export const planDateSchema = z
  .string({ error: mealPlanMessages.dateInvalid })
  .refine(isCalendarDate, mealPlanMessages.dateInvalid);

export const mealSlotSchema = z.enum(MEAL_SLOTS, { error: mealPlanMessages.slotInvalid });

export const clientIdSchema = z
  .string({ error: mealPlanMessages.clientIdInvalid })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, mealPlanMessages.clientIdInvalid)
  .transform((id) => id.toLowerCase());

const planServingsSchema = z
  .number({ error: mealPlanMessages.servingsInvalid })
  .int(mealPlanMessages.servingsInvalid)
  .min(1, mealPlanMessages.servingsInvalid)
  .max(MEAL_PLAN_SERVINGS_MAX, mealPlanMessages.servingsInvalid);

const noteSchema = z
  .string({ error: mealPlanMessages.titleEmpty })
  .trim()
  .min(1, mealPlanMessages.titleEmpty)
  .max(MEAL_PLAN_TITLE_MAX, mealPlanMessages.titleTooLong);

const positionSchema = z
  .number({ error: mealPlanMessages.positionInvalid })
  .int(mealPlanMessages.positionInvalid)
  .min(0, mealPlanMessages.positionInvalid)
  .max(10_000, mealPlanMessages.positionInvalid);

/** A date range, both ends included, at most 62 days. Used by GET /meal-plan and POST /shopping-list/from-meal-plan. */
export const dateRangeSchema = z
  .object(
    {
      from: planDateSchema,
      to: planDateSchema,
    },
    { error: mealPlanMessages.rangeRequired },
  )
  .superRefine((range, ctx) => {
    const days = daysBetween(range.from, range.to);
    if (days < 0) ctx.addIssue({ code: 'custom', message: mealPlanMessages.rangeOrder, path: ['to'] });
    else if (days + 1 > MEAL_PLAN_RANGE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: mealPlanMessages.rangeTooLong, path: ['to'] });
  });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** GET /meal-plan?from=YYYY-MM-DD&to=YYYY-MM-DD */
export const mealPlanQuerySchema = dateRangeSchema;

/**
 * One planned entry. A recipe entry has `recipe` (a card) and `title` null; a note has `title` and `recipe` null.
 * A planned recipe that its author deleted or turned back into a draft answers `recipe: null`,
 * `unavailable: true` and `title` = the recipe's title as it was when it was planned (shown as 'no longer
 * available'); nothing of the draft is revealed.
 */
export const mealPlanEntrySchema = z.object({
  _id: z.string(),
  clientId: z.string().nullable(),
  date: z.string(),
  slot: mealSlotSchema,
  position: z.number().int(),
  /** The servings planned (null: the recipe's own servings). Always null for a note. */
  servings: z.number().int().nullable(),
  title: z.string().nullable(),
  recipe: recipeCardSchema.nullable(),
  /** The recipe's own servings count, when it has one (to scale from). */
  recipeServings: z.number().int().nullable(),
  unavailable: z.boolean(),
  updatedAt: timestampSchema,
});
export type MealPlanEntry = z.infer<typeof mealPlanEntrySchema>;

export const mealPlanResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.array(mealPlanEntrySchema),
});
export type MealPlanResponse = z.infer<typeof mealPlanResponseSchema>;

/** POST /meal-plan → 201 `data` = the entry (so `data._id`); a replayed `clientId` → 200, the same entry. */
export const createMealPlanEntrySchema = z
  .object({
    date: planDateSchema,
    slot: mealSlotSchema,
    recipeId: idSchema.optional(),
    title: noteSchema.optional(),
    servings: planServingsSchema.nullable().optional(),
    /** Where in the slot (0 = first); left out: after the slot's last entry. */
    position: positionSchema.optional(),
    clientId: clientIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.recipeId === undefined) === (body.title === undefined))
      ctx.addIssue({ code: 'custom', message: mealPlanMessages.recipeOrTitle, path: ['recipeId'] });
    else if (body.title !== undefined && body.servings != null)
      ctx.addIssue({ code: 'custom', message: mealPlanMessages.servingsOnNote, path: ['servings'] });
  });
export type CreateMealPlanEntryInput = z.input<typeof createMealPlanEntrySchema>;
export type CreateMealPlanEntry = z.output<typeof createMealPlanEntrySchema>;

export const mealPlanEntryParamsSchema = z.object({ entryId: idSchema });

/**
 * PATCH /meal-plan/{entryId}: only the fields sent change. `title` only on a note, `servings` only on a recipe
 * entry (null: back to the recipe's own). Moving to another day or slot without `position` puts it last there.
 */
export const updateMealPlanEntrySchema = z
  .object({
    date: planDateSchema.optional(),
    slot: mealSlotSchema.optional(),
    position: positionSchema.optional(),
    servings: planServingsSchema.nullable().optional(),
    title: noteSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), mealPlanMessages.nothingToChange);
export type UpdateMealPlanEntryInput = z.input<typeof updateMealPlanEntrySchema>;

/** POST /meal-plan/copy-week: every entry of the week starting `from` is added to the week starting `to`. */
export const copyWeekSchema = z
  .object({ from: planDateSchema, to: planDateSchema }, { error: mealPlanMessages.rangeRequired })
  .superRefine((body, ctx) => {
    if (isoWeekday(body.from) !== 1 || isoWeekday(body.to) !== 1)
      ctx.addIssue({ code: 'custom', message: mealPlanMessages.weekNotMonday, path: ['from'] });
    else if (body.from === body.to) ctx.addIssue({ code: 'custom', message: mealPlanMessages.weekSame, path: ['to'] });
  });
export type CopyWeekInput = z.input<typeof copyWeekSchema>;

/** The answer of copy-week: how many entries were added now (0 on a replay) and the target week as it stands. */
export const copyWeekResponseSchema = z.object({
  copied: z.number().int(),
  from: z.string(),
  to: z.string(),
  entries: z.array(mealPlanEntrySchema),
});
export type CopyWeekResponse = z.infer<typeof copyWeekResponseSchema>;

/** DELETE /meal-plan/{entryId} → `data._id` (404 when it is not there). */
export const deletedMealPlanEntrySchema = z.object({ _id: z.string() });

/*
 * Calendar feed. GET /meal-plan/calendar-link answers the secret feed URL (made on first use); POST
 * /meal-plan/calendar-link regenerates it (the old URL stops working at once); DELETE turns the feed off. The feed
 * URL itself (GET /api/v1/meal-plan/calendar/{token}.ics) needs no login: the token is the secret. Events use
 * the slot times below as floating local times (the phone shows 18:30 as 18:30 wherever it is).
 */
export const calendarLinkSchema = z.object({
  url: z.string(),
  /** webcal:// form of the same URL, which phone calendars open as a subscription. */
  webcalUrl: z.string(),
  createdAt: timestampSchema,
});
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

export const calendarTokenParamsSchema = z.object({ token: z.string().max(200) });

const timeSchema = z
  .string({ error: mealPlanMessages.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, mealPlanMessages.timeInvalid);

export const slotTimesSchema = z.object({
  breakfast: timeSchema,
  lunch: timeSchema,
  dinner: timeSchema,
  snack: timeSchema,
});
export type SlotTimes = z.infer<typeof slotTimesSchema>;

export const DEFAULT_SLOT_TIMES: SlotTimes = { breakfast: '08:00', lunch: '12:30', dinner: '18:30', snack: '16:00' };
export const DEFAULT_EVENT_MINUTES = 30;

/** GET /meal-plan/settings (defaults until the user changes them). */
export const mealPlanSettingsSchema = z.object({
  slotTimes: slotTimesSchema,
  /** How long each calendar event lasts. */
  eventMinutes: z.number().int(),
});
export type MealPlanSettings = z.infer<typeof mealPlanSettingsSchema>;

/** PATCH /meal-plan/settings: any of the slot times and/or the event length; answers the whole settings. */
export const updateMealPlanSettingsSchema = z
  .object({
    slotTimes: slotTimesSchema.partial().optional(),
    eventMinutes: z
      .number({ error: mealPlanMessages.durationInvalid })
      .int(mealPlanMessages.durationInvalid)
      .min(5, mealPlanMessages.durationInvalid)
      .max(240, mealPlanMessages.durationInvalid)
      .optional(),
  })
  .refine((body) => body.slotTimes !== undefined || body.eventMinutes !== undefined, 'Send slotTimes or eventMinutes');
export type UpdateMealPlanSettingsInput = z.input<typeof updateMealPlanSettingsSchema>;
