import type { PhotoLook } from './photo-look.js';

export type DemoUserKey = 'demo' | 'maya' | 'luca' | 'sofia' | 'kenji' | 'amara' | 'ben' | 'elena';

export interface DemoUser {
  key: DemoUserKey;
  name: string;
  hasAvatar: boolean;
  /** How long ago the account was made; always before the user's first recipe or review. */
  joinedDaysAgo: number;
}

export interface DemoRecipe {
  /** Letters, digits, spaces, hyphen and slash only: the rule every recipe title follows (spec section 5). */
  title: string;
  author: DemoUserKey;
  /** Spread over the past months so that the newest-first list looks like a living site. */
  daysAgo: number;
  cookingTime: number;
  introduction: string;
  ingredients: string[];
  steps: string[];
  /** null: no photo, so the 'Photo not available' state is part of the demo. */
  photo: PhotoLook | null;
  draft?: boolean;
}
