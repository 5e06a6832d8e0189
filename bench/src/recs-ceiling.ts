/*
 * What the recommendation bench's community allows at best (issue 19): hit rates of lists made with knowledge no
 * recommender has, from the structure recs-community.ts drew. They say how far the recommender is from the
 * ceiling, and where the gap is (knowing a cook's cuisine, or also their ingredient family).
 */
import { DRAW, type Community, type Recipe } from './recs-community.js';

/** The k best of `candidates` by `score`, best first (a small insertion list: no sort of a whole cuisine). */
function topK(candidates: Iterable<Recipe>, k: number, score: (recipe: Recipe) => number): number[] {
  const best: Array<{ index: number; score: number }> = [];
  for (const recipe of candidates) {
    const s = score(recipe);
    if (s <= 0 || (best.length === k && s <= best[k - 1]!.score)) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < s) at--;
    best.splice(at, 0, { index: recipe.index, score: s });
    if (best.length > k) best.pop();
  }
  return best.map((entry) => entry.index);
}

export interface Ceilings {
  /**
   * The cook's tastes and every recipe's appeal known: recipes ranked by how likely the community's draw (taste pair,
   * taste cuisine, noise) and the like that follows make them the cook's next like.
   */
  oracle: number;
  /** The most liked recipes (training likes) within the cook's own (cuisine, ingredient family) tastes. */
  popularInTastePairs: number;
  /** The most liked recipes within the cook's own cuisines. */
  popularInTasteCuisines: number;
}

export function ceilingHitRates(
  community: Community,
  hiddenOf: Map<number, number[]>,
  knownOf: (user: number) => Set<number>,
  likeCounts: Map<number, number>,
  isPublished: (index: number) => boolean,
  k: number,
): Ceilings {
  const { recipes } = community;
  const appealAll = recipes.reduce((sum, recipe) => sum + recipe.appeal, 0);
  const pairAppeal = new Map<string, number>();
  const cuisineAppeal = new Map<number, number>();
  const byCuisine = new Map<number, Recipe[]>();
  for (const recipe of recipes) {
    const pair = `${recipe.cuisine}/${recipe.family}`;
    pairAppeal.set(pair, (pairAppeal.get(pair) ?? 0) + recipe.appeal);
    cuisineAppeal.set(recipe.cuisine, (cuisineAppeal.get(recipe.cuisine) ?? 0) + recipe.appeal);
    const inCuisine = byCuisine.get(recipe.cuisine) ?? [];
    inCuisine.push(recipe);
    byCuisine.set(recipe.cuisine, inCuisine);
  }
  // A noise draw can pick any recipe: the most appealing ones overall are candidates for every cook.
  const appealing = [...recipes].sort((a, b) => b.appeal - a.appeal).slice(0, 200);

  const hits = { oracle: 0, pairs: 0, cuisines: 0 };
  for (const [user, hidden] of hiddenOf) {
    const tastes = community.tastes[user]!;
    const known = knownOf(user);
    const relevant = new Set(hidden);
    const open = (recipe: Recipe) => isPublished(recipe.index) && !known.has(recipe.index);
    const cuisines = [...new Set(tastes.map((taste) => taste.cuisine))];
    const candidates = new Set<Recipe>(appealing);
    for (const cuisine of cuisines) for (const recipe of byCuisine.get(cuisine) ?? []) candidates.add(recipe);
    // The community's draw (DRAW, recs-community.ts), then the chance that it ends in a like.
    const oracle = topK(candidates, k, (recipe) => {
      if (!open(recipe)) return 0;
      let draw = (DRAW.noise * recipe.appeal) / appealAll;
      for (const taste of tastes) {
        if (taste.cuisine !== recipe.cuisine) continue;
        let p = ((1 - DRAW.pair) * recipe.appeal) / cuisineAppeal.get(taste.cuisine)!;
        if (taste.family === recipe.family)
          p += (DRAW.pair * recipe.appeal) / pairAppeal.get(`${taste.cuisine}/${taste.family}`)!;
        draw += ((1 - DRAW.noise) * p) / tastes.length;
      }
      const like = cuisines.includes(recipe.cuisine) ? DRAW.likeInCuisine : DRAW.likeOutside;
      return draw * (DRAW.save + (1 - DRAW.save) * like);
    });
    const liked = (recipe: Recipe) => (open(recipe) ? 1 + (likeCounts.get(recipe.index) ?? 0) : 0);
    const inPairs = topK(candidates, k, (recipe) =>
      tastes.some((taste) => taste.cuisine === recipe.cuisine && taste.family === recipe.family) ? liked(recipe) : 0,
    );
    const inCuisines = topK(candidates, k, (recipe) => (cuisines.includes(recipe.cuisine) ? liked(recipe) : 0));
    if (oracle.some((index) => relevant.has(index))) hits.oracle++;
    if (inPairs.some((index) => relevant.has(index))) hits.pairs++;
    if (inCuisines.some((index) => relevant.has(index))) hits.cuisines++;
  }
  const n = Math.max(1, hiddenOf.size);
  return { oracle: hits.oracle / n, popularInTastePairs: hits.pairs / n, popularInTasteCuisines: hits.cuisines / n };
}
