import { z } from 'zod';
import { messages } from './messages.js';

/*
 * Understood ingredients (issue 17): the parsed form of an ingredient line, the one table of units the parser
 * answers with and the web converts with, and the public parse call. The original line is always kept as `text`;
 * the parsed fields are a reading of it, never a replacement (docs/decisions/021).
 */

// The unit table and the heading rule hold no schema: they live in units.ts, which does not import zod, so a page
// that converts units (the recipe page) does not load zod with them.
export * from './units.js';

/** One ingredient line, read. `text` is the line as written; a line not understood has every number null. */
export const parsedIngredientSchema = z.object({
  text: z.string(),
  quantity: z.number().nullable(),
  /** The upper end of a range ('3 to 4', '½–1 tsp'); null when the line has one quantity. */
  quantityMax: z.number().nullable(),
  /** A code from `UNITS`. */
  unit: z.string().nullable(),
  food: z.string().nullable(),
  note: z.string().nullable(),
  /** 'For the sauce:' — a section title inside the list, not an ingredient. */
  isHeading: z.boolean(),
});
export type ParsedIngredient = z.infer<typeof parsedIngredientSchema>;

export const PARSE_LINES_MAX = 200;
export const PARSE_LINE_MAX_CHARACTERS = 500;

/** POST /ingredients/parse */
export const parseIngredientsRequestSchema = z.object({
  lines: z
    .array(z.string({ error: messages.parseLineInvalid }).max(PARSE_LINE_MAX_CHARACTERS, messages.parseLineTooLong), {
      error: messages.parseLinesRequired,
    })
    .max(PARSE_LINES_MAX, messages.parseLinesTooMany),
});
export type ParseIngredientsRequest = z.infer<typeof parseIngredientsRequestSchema>;

export const parseIngredientsResponseSchema = z.object({ ingredients: z.array(parsedIngredientSchema) });
export type ParseIngredientsResponse = z.infer<typeof parseIngredientsResponseSchema>;
