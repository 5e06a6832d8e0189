import { JWT_EXPIRED_REASON } from './client-messages.js';

// The texts every page's start-up code needs live in client-messages.ts: a module of their own, so the landing page
// does not download this whole table for them (issue 15). Re-exported here: importers see no difference.
export { alerts, clientErrors, JWT_EXPIRED_REASON } from './client-messages.js';

/**
 * Every user-facing text that the product spec names, written once. Browser forms and server routes read
 * the same constants, so a message can never differ between the two sides.
 */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password should be at least 8 characters',
  passwordTooLong: 'Password should be at most 128 characters',
  nameRequired: 'Name is required',
  nameEmpty: 'Name cannot be empty',
  nameTooLong: 'Name should be at most 60 characters',
  titleRequired: 'Recipe title is required',
  titleCharacters: 'Only (a-z, A-Z, 0-9,-, /) characters are allowed in recipe title',
  titleTooLong: 'Recipe title should be at most 100 characters',
  introductionTooLong: 'Introduction should be at most 2000 characters',
  ingredientsEmpty: 'Ingredients cannot be empty',
  ingredientEmpty: 'Ingredient cannot be empty',
  ingredientsTooMany: 'A recipe can have at most 100 ingredients',
  stepsEmpty: 'Steps cannot be empty',
  stepsTooMany: 'A recipe can have at most 100 steps',
  itemTooLong: 'Each entry should be at most 1000 characters',
  cookingTimeRequired: 'Cooking time is required',
  cookingTimeInvalid: 'Enter valid cooking time in minutes (e.g. 25)',
  cookingTimeNegative: 'Cooking time cannot be less than 0',
  cookingTimeTooLong: 'Cooking time cannot be more than 10080 minutes',
  ratingRequired: 'Rating is required',
  ratingRange: 'Rating must be between 1 and 5',
  commentTooLong: 'Only 250 characters allowed',
  photoRequired: 'Photo is required',
  requiredField: 'This is required field',
  invalidId: 'Invalid id',
  reviewNotFound: 'Review not found',
  reviewAlreadyExists: 'You already reviewed this recipe!',
  jwtExpired: JWT_EXPIRED_REASON,
  somethingWentWrong: 'Something went wrong',
  // Issue 17 (servings and understood ingredients): additions, not spec texts.
  servingsInvalid: 'Servings must be a whole number from 1 to 100',
  yieldTooLong: 'Yield should be at most 100 characters',
  parseLinesRequired: 'Send the ingredient lines as a list of texts',
  parseLinesTooMany: 'At most 200 lines can be parsed at once',
  parseLineInvalid: 'Each ingredient line must be a text',
  parseLineTooLong: 'Each ingredient line should be at most 500 characters',
} as const;

/**
 * The refusal of an upload over the limit the server is configured with (MAX_UPLOAD_MB), in whole MB or to two
 * decimals, rounded down so it never promises more than the server takes. The web checks a file against the same
 * limit (GET /uploads/limits) and shows the same text.
 */
export function fileTooLarge(maxBytes: number): string {
  const megabytes = Math.floor((maxBytes / (1024 * 1024)) * 100) / 100;
  return `The file is too large (${megabytes} MB at most)`;
}
