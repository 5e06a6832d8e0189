import type { DemoRecipe, DemoUser } from './demo-types.js';
import { AFRICA_RECIPES } from './recipes-africa.js';
import { AMERICAS_RECIPES } from './recipes-americas.js';
import { ASIA_RECIPES } from './recipes-asia.js';
import { DEMO_COOK_RECIPES } from './recipes-demo-cook.js';
import { EUROPE_RECIPES } from './recipes-europe.js';

/** The demo account's email and password come from the contracts; the other cooks cannot be logged into. */
export const DEMO_USERS: readonly DemoUser[] = [
  { key: 'demo', name: 'Demo Cook', hasAvatar: true, joinedDaysAgo: 200 },
  { key: 'maya', name: 'Maya Patel', hasAvatar: true, joinedDaysAgo: 196 },
  { key: 'luca', name: 'Luca Romano', hasAvatar: true, joinedDaysAgo: 193 },
  { key: 'sofia', name: 'Sofia Hernandez', hasAvatar: false, joinedDaysAgo: 190 },
  { key: 'kenji', name: 'Kenji Watanabe', hasAvatar: true, joinedDaysAgo: 188 },
  { key: 'amara', name: 'Amara Okafor', hasAvatar: true, joinedDaysAgo: 185 },
  { key: 'ben', name: 'Ben Carter', hasAvatar: false, joinedDaysAgo: 183 },
  { key: 'elena', name: 'Elena Petrova', hasAvatar: true, joinedDaysAgo: 181 },
];

export const DEMO_RECIPES: readonly DemoRecipe[] = [
  ...DEMO_COOK_RECIPES,
  ...EUROPE_RECIPES,
  ...ASIA_RECIPES,
  ...AMERICAS_RECIPES,
  ...AFRICA_RECIPES,
];
