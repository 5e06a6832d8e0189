/**
 * How a recipe's generated photo looks: which kind of dish to draw and its colours. The meaning of each colour
 * depends on the dish (see the drawing functions), roughly: [main food, second food, herb or garnish, extra].
 */
export type DishKind =
  'soup' | 'stew' | 'grains' | 'noodles' | 'plate' | 'pizza' | 'stack' | 'cake' | 'tray' | 'cookies' | 'tacos';

export interface PhotoLook {
  dish: DishKind;
  colours: readonly [string, string, string, ...string[]];
  /** A variation within the dish kind, e.g. 'short' pasta, ramen 'broth', 'fillet' of fish. */
  variant?: string;
}

/** Bowl and dish glazes: navy, cream, terracotta, charcoal, sage. */
export const GLAZES = ['#2f4b6e', '#efe9df', '#b5563a', '#3a3a3c', '#6f8f7a'] as const;
