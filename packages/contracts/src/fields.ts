import { z } from 'zod';
import { COOKING_TIME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import { messages } from './messages.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pattern from spec section 5 ("must match an email pattern"). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TITLE_PATTERN = /^[a-zA-Z0-9 \-/]+$/;

/**
 * A moment as the server writes it (`Date#toISOString`: UTC, ending in 'Z'). A plain string would let an empty or
 * local time through, in a fixture or an answer alike.
 */
export const timestampSchema = z.iso.datetime();

export const idSchema = z
  .string({ error: messages.invalidId })
  .regex(UUID_PATTERN, messages.invalidId)
  .transform((id) => id.toLowerCase());

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .toLowerCase();

/** Characters as a person counts them (code points): an emoji is one, not the two UTF-16 units `.length` sees. */
const characterCount = (text: string) => Array.from(text).length;

/** A password being chosen (sign-up, new password): spec minimum 8, our maximum 128 characters. */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .refine((password) => characterCount(password) >= PASSWORD_MIN, messages.passwordTooShort)
  .refine((password) => characterCount(password) <= PASSWORD_MAX, messages.passwordTooLong);

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(60, messages.nameTooLong);

/**
 * Cooking time arrives as a number (JSON), or as a string (form fields, multipart and the spec's update call,
 * which sends it "as a string"). It leaves as a whole number of minutes.
 */
export const cookingTimeSchema = z
  .union([z.number(), z.string()], { error: messages.cookingTimeRequired })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', message: messages.cookingTimeRequired, input: value });
      return z.NEVER;
    }
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.issues.push({ code: 'custom', message: messages.cookingTimeInvalid, input: value });
      return z.NEVER;
    }
    const minutes = Number(text);
    if (minutes < 0) {
      ctx.issues.push({ code: 'custom', message: messages.cookingTimeNegative, input: value });
      return z.NEVER;
    }
    if (!Number.isInteger(minutes)) {
      ctx.issues.push({ code: 'custom', message: messages.cookingTimeInvalid, input: value });
      return z.NEVER;
    }
    if (minutes > COOKING_TIME_MAX) {
      ctx.issues.push({ code: 'custom', message: messages.cookingTimeTooLong, input: value });
      return z.NEVER;
    }
    return minutes;
  });

/** Multipart sends booleans as text; JSON sends real booleans. */
export const booleanFieldSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/** Multipart sends the servings as text, JSON as a number; an empty field or null means "not given". */
export const servingsFieldSchema = z
  .union([z.number(), z.string(), z.null()], { error: messages.servingsInvalid })
  .transform((value, ctx) => {
    const text = value === null ? '' : String(value).trim();
    if (text === '') return null;
    const servings = Number(text);
    if (!/^\d+$/.test(text) || servings < 1 || servings > 100) {
      ctx.issues.push({ code: 'custom', message: messages.servingsInvalid, input: value });
      return z.NEVER;
    }
    return servings;
  });

export const YIELD_TEXT_MAX = 100;

/** The yield as written ('5 cups (about 120 crackers)'); empty means none. */
export const yieldTextFieldSchema = z
  .union([z.string(), z.null()], { error: messages.yieldTooLong })
  .transform((value) => value?.trim() ?? '')
  .pipe(z.string().max(YIELD_TEXT_MAX, messages.yieldTooLong))
  .transform((text) => (text === '' ? null : text));
