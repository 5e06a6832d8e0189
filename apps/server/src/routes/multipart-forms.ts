import {
  COOKING_TIME_MAX,
  emailSchema,
  introductionSchema,
  nameSchema,
  newPasswordSchema,
  IMAGE_MIME_TYPES,
  AVATAR_MIME_TYPES,
  titleSchema,
} from '@forkful/contracts';
import { z } from 'zod';

/*
 * What the multipart/form-data bodies carry, for the OpenAPI document (`schema.multipartBody`, see openapi.ts).
 * Every form field is text; the handlers validate them with the contract schemas after `readMultipart`.
 */

const entries = (what: string) =>
  z
    .array(z.string().min(1).max(1000))
    .min(1)
    .max(100)
    .meta({
      description: `One form field per ${what}, repeated in order; or one field holding a JSON array of strings`,
    });

const imageFile = (mimeTypes: readonly string[], description: string) =>
  z.file().meta({ description: `${description} (${mimeTypes.join(', ')}; re-encoded to WebP, metadata dropped)` });

const recipePhoto = imageFile(IMAGE_MIME_TYPES, 'The recipe photo');
const signupAvatar = imageFile(AVATAR_MIME_TYPES, 'The profile picture');
const avatar = imageFile(IMAGE_MIME_TYPES, 'The new profile picture');

export const createRecipeForm = z.object({
  title: titleSchema,
  introduction: introductionSchema,
  cookingTime: z
    .string()
    .regex(/^\d+$/)
    .meta({ description: `Whole minutes, 0 to ${COOKING_TIME_MAX}` }),
  ingredients: entries('ingredient'),
  steps: entries('step'),
  isPublished: z.enum(['true', 'false']).default('false').meta({ description: 'Without it the recipe is a draft' }),
  servings: z
    .string()
    .regex(/^\d*$/)
    .optional()
    .meta({ description: 'Whole servings, 1 to 100; empty or absent for none (issue 17)' }),
  yieldText: z.string().max(100).optional().meta({ description: "The yield as written, e.g. '24 cookies' (issue 17)" }),
  sourceUrl: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: 'The http(s) page an imported recipe was adapted from (issue 21)' }),
  sourceSiteName: z.string().max(100).optional().meta({ description: "That page's site name (issue 21)" }),
  recipePhoto: recipePhoto.optional(),
});

export const recipePhotoForm = z.object({ recipePhoto });

export const registerForm = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  avatar: signupAvatar.optional(),
});

export const avatarForm = z.object({ avatar });
