import { z } from 'zod';

const DISH_KINDS = [
  'soup',
  'stew',
  'grains',
  'noodles',
  'plate',
  'pizza',
  'stack',
  'cake',
  'tray',
  'cookies',
  'tacos',
] as const;

/**
 * How a recipe's drawn photo looks: which kind of dish to draw and its colours. The meaning of each colour
 * depends on the dish (see the drawing functions), roughly: [main food, second food, herb or garnish, extra].
 */
export const photoLookSchema = z.strictObject({
  dish: z.enum(DISH_KINDS),
  colours: z.tuple([z.string(), z.string(), z.string()], z.string()).readonly(),
  /** A variation within the dish kind, e.g. 'short' pasta, ramen 'broth', 'fillet' of fish. */
  variant: z.string().optional(),
});

export type DishKind = (typeof DISH_KINDS)[number];
export type PhotoLook = z.infer<typeof photoLookSchema>;

/** Bowl and dish glazes: navy, cream, terracotta, charcoal, sage. */
export const GLAZES = ['#2f4b6e', '#efe9df', '#b5563a', '#3a3a3c', '#6f8f7a'] as const;
