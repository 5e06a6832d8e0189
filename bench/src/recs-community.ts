/*
 * A synthetic community with a known structure, for the recommendation bench (issue 19): cuisines with their own
 * title words and spices, ingredient families with their own ingredients, recipes of one cuisine around one main
 * ingredient family, a long tail of recipe appeal, and cooks with one to three tastes (a cuisine and a family) plus
 * noise. Deterministic for a seed, so two runs draw the same community.
 */
import { seeded } from './workload.js';

export interface Recipe {
  index: number;
  cuisine: number;
  family: number;
  title: string;
  ingredients: string[];
  /** Long-tail appeal: how often cooks pick it among the recipes that fit their taste. */
  appeal: number;
  ageDays: number;
  author: number;
}

export interface Interaction {
  user: number;
  recipe: number;
  kind: 'save' | 'rating';
  rating: number;
  /** Days ago; a user's interactions are in time order. */
  ageDays: number;
  /** A like: a save or a rating of 4 or 5. */
  like: boolean;
}

export interface Community {
  recipes: Recipe[];
  users: number;
  interactions: Interaction[];
  tastes: Array<Array<{ cuisine: number; family: number }>>;
}

export const CUISINES = 12;

/**
 * How a cook's next interaction is drawn (buildCommunity), shared with the bench's ceilings (recs-ceiling.ts): a
 * noise draw over all recipes; else one of their tastes, its (cuisine, family) pair or only its cuisine, by appeal;
 * then a save, or a rating that likes at one rate in a taste cuisine and another outside.
 */
export const DRAW = { noise: 0.2, pair: 0.75, save: 0.6, likeInCuisine: 0.85, likeOutside: 0.35 } as const;
export const FAMILIES = 10;

/** Mulberry32: small, fast, seeded (the workload's generator). */
export const randomSource = seeded;

const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'te', 'sa', 'no', 'vi', 'pe', 'zu', 'ba', 'do', 'fi', 'go', 'ha', 'ju'];
/** A made-up word of three syllables, unique per (kind, group, n), all letters (full-text search keeps it). */
function word(kind: number, group: number, n: number): string {
  const digits = [kind, group, n];
  return digits.map((d, i) => SYLLABLES[(d + i * 5) % 16]! + SYLLABLES[Math.floor(d / 16) % 16]!).join('');
}

const cuisineWord = (c: number, n: number) => word(1, c, n);
const cuisineSpice = (c: number, n: number) => word(2, c, n);
const familyIngredient = (f: number, n: number) => word(3, f, n);
const GENERIC_TITLE = ['easy', 'quick', 'classic', 'weeknight', 'family', 'crispy', 'creamy', 'spicy', 'simple'];
const COMMON = ['salt', 'pepper', 'oil', 'water', 'garlic', 'onion'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Index of a weighted draw from cumulative weights (binary search). */
function drawCumulative(random: () => number, cumulative: Float64Array): number {
  const target = random() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cumulative[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

function cumulativeOf(weights: number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += weight;
    out[i] = sum;
  });
  return out;
}

export function buildCommunity(recipeCount: number, seed = 19): Community {
  const random = randomSource(seed);
  const users = Math.round(recipeCount / 2);
  // Cuisines and families are not equally common either.
  const cuisineWeights = cumulativeOf(Array.from({ length: CUISINES }, (_, c) => 1 / (1 + c * 0.25)));
  const familyWeights = cumulativeOf(Array.from({ length: FAMILIES }, (_, f) => 1 / (1 + f * 0.2)));
  const tastes = Array.from({ length: users }, () => {
    const count = 1 + Math.floor(random() * 3);
    return Array.from({ length: count }, () => ({
      cuisine: drawCumulative(random, cuisineWeights),
      family: drawCumulative(random, familyWeights),
    }));
  });
  const authors = Array.from({ length: Math.max(1, Math.round(users * 0.2)) }, (_, i) => i * 5);
  const recipes: Recipe[] = Array.from({ length: recipeCount }, (_, index) => {
    const author = pick(random, authors);
    // An author mostly writes what they like.
    const taste = random() < 0.8 ? pick(random, tastes[author]!) : undefined;
    const cuisine = taste?.cuisine ?? drawCumulative(random, cuisineWeights);
    const family = taste?.family ?? drawCumulative(random, familyWeights);
    const main = familyIngredient(family, Math.floor(random() * 6));
    const title = `${pick(random, GENERIC_TITLE)} ${cuisineWord(cuisine, Math.floor(random() * 6))} ${main}`;
    const ingredients = [
      `500 g ${main}`,
      ...Array.from({ length: 3 }, () => `1 cup ${familyIngredient(family, 6 + Math.floor(random() * 14))}`),
      ...Array.from({ length: 2 }, () => `1 tsp ${cuisineSpice(cuisine, Math.floor(random() * 12))}`),
      ...Array.from({ length: 2 }, () => `to taste ${pick(random, COMMON)}`),
    ];
    return {
      index,
      cuisine,
      family,
      title,
      ingredients,
      appeal: 1 / Math.pow(1 - random() * 0.999, 1.3), // Pareto: a long tail
      ageDays: random() * 365,
      author,
    };
  });

  // Recipes per (cuisine, family), per cuisine, and overall, with cumulative appeal for weighted draws.
  const groups = new Map<string, { ids: number[]; cumulative: Float64Array }>();
  const group = (key: string, ids: number[]) => {
    groups.set(key, { ids, cumulative: cumulativeOf(ids.map((id) => recipes[id]!.appeal)) });
  };
  const byPair = new Map<string, number[]>();
  const byCuisine = new Map<number, number[]>();
  for (const recipe of recipes) {
    const pair = `${recipe.cuisine}/${recipe.family}`;
    // push, not a spread copy: a copy per recipe made this quadratic (hours at 1M recipes).
    const inPair = byPair.get(pair) ?? [];
    inPair.push(recipe.index);
    byPair.set(pair, inPair);
    const inCuisine = byCuisine.get(recipe.cuisine) ?? [];
    inCuisine.push(recipe.index);
    byCuisine.set(recipe.cuisine, inCuisine);
  }
  for (const [key, ids] of byPair) group(`p${key}`, ids);
  for (const [key, ids] of byCuisine) group(`c${key}`, ids);
  group(
    'all',
    recipes.map((recipe) => recipe.index),
  );
  const draw = (key: string) => {
    const found = groups.get(key) ?? groups.get('all')!;
    return found.ids[drawCumulative(random, found.cumulative)]!;
  };

  const interactions: Interaction[] = [];
  for (let user = 0; user < users; user++) {
    // Activity is long-tailed too: most cooks do a little, a few do a lot.
    const count = Math.min(120, 4 + Math.floor(-Math.log(1 - random() * 0.999) * 14));
    const seen = new Set<number>();
    const times = Array.from({ length: count }, () => random() * 180).sort((a, b) => b - a);
    for (let n = 0; n < count; n++) {
      const noise = random() < DRAW.noise;
      const taste = pick(random, tastes[user]!);
      const recipe = noise
        ? draw('all')
        : random() < DRAW.pair
          ? draw(`p${taste.cuisine}/${taste.family}`)
          : draw(`c${taste.cuisine}`);
      if (seen.has(recipe) || recipes[recipe]!.author === user) continue;
      seen.add(recipe);
      const fits = tastes[user]!.some((t) => t.cuisine === recipes[recipe]!.cuisine);
      if (random() < DRAW.save) {
        interactions.push({ user, recipe, kind: 'save', rating: 0, ageDays: times[n]!, like: true });
      } else {
        const liked = fits ? random() < DRAW.likeInCuisine : random() < DRAW.likeOutside;
        const rating = liked ? 4 + Math.floor(random() * 2) : 1 + Math.floor(random() * 3);
        interactions.push({ user, recipe, kind: 'rating', rating, ageDays: times[n]!, like: rating >= 4 });
      }
    }
  }
  return { recipes, users, interactions, tastes };
}
