import type { RecipeCard, RecommendedRecipe } from '@forkful/contracts';
import { RECOMMENDER as P } from '../repositories/recommendation-parameters.js';
import type { CandidateRow, RecommendationRepository, SignalAction } from '../repositories/recommendations.js';
import type { RecipeRepository } from '../repositories/recipes.js';
import type { Mappers } from './mappers.js';

/*
 * 'Recommended for you' and 'More like this' (issue 19, docs/decisions/026): candidates read from the precomputed
 * tables, the popularity prior blended in, a short personal list filled from the popular ones, and a variety re-rank
 * (maximal marginal relevance over content similarity) so a list is not eight curries.
 */

const REASONS: Record<SignalAction, (title: string) => string> = {
  saved: (title) => `Because you saved ${title}`,
  rated: (title) => `Because you rated ${title} highly`,
  shared: (title) => `Because you shared ${title}`,
  planned: (title) => `Because you planned ${title}`,
};

/** Greedy maximal marginal relevance: relevance against the most similar recipe already chosen. */
export function diversify<T extends { id: string; relevance: number }>(
  candidates: T[],
  similarity: (a: string, b: string) => number,
  limit: number,
  lambda: number = P.mmrLambda,
): T[] {
  const left = [...candidates];
  const chosen: T[] = [];
  while (chosen.length < limit && left.length > 0) {
    let best = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const candidate = left[i]!;
      const redundancy = chosen.reduce((max, picked) => Math.max(max, similarity(candidate.id, picked.id)), 0);
      const value = lambda * candidate.relevance - (1 - lambda) * redundancy;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    chosen.push(left.splice(best, 1)[0]!);
  }
  return chosen;
}

export class RecommendationService {
  constructor(
    private readonly recommendations: RecommendationRepository,
    private readonly recipes: RecipeRepository,
    private readonly map: Mappers,
  ) {}

  /** Personal when `viewerId` has signals with neighbours; filled (or, for visitors, made) from the popular set. */
  async recommended(viewerId: string | null, limit: number): Promise<RecommendedRecipe[]> {
    const want = limit * P.candidatesPerResult;
    const personal = viewerId ? await this.recommendations.personal(viewerId, want) : [];
    // The score already carries the popularity prior (repositories/recommendations.ts).
    const bestScore = Math.max(0, ...personal.map((candidate) => candidate.score));
    const ranked = personal.map((candidate) => ({
      id: candidate.id,
      candidate,
      relevance: candidate.score / (bestScore || 1),
    }));
    // Cards are read for the chosen ones only.
    const chosen = await this.rerank(ranked, limit);
    let picked: CandidateRow[] = await this.recommendations.personalCards(chosen.map((item) => item.candidate));
    if (picked.length < limit) {
      // Good and fresh for the rest (and for visitors and new users, all of it): never an empty row.
      let fill = await this.recommendations.popular(viewerId, want);
      if (fill.length === 0) fill = await this.recommendations.newest(viewerId, want);
      const taken = new Set(picked.map((row) => row.id));
      const bestFill = Math.max(0, ...fill.map((row) => row.score));
      const rest = fill
        .filter((row) => !taken.has(row.id))
        .map((row) => ({ id: row.id, row, relevance: bestFill > 0 ? row.score / bestFill : 0 }));
      picked = [...picked, ...(await this.rerank(rest, limit - picked.length)).map(({ row }) => row)];
    }
    return picked.map((row) => ({ ...this.map.recipeCard(row), reason: reasonOf(row) }));
  }

  /**
   * The recipe must be visible to the viewer (404 otherwise, as its page). A draft has no neighbours (only
   * published recipes are related), so its author gets an empty list.
   */
  async similar(recipeId: string, viewerId: string | null, limit: number): Promise<RecipeCard[]> {
    const source = await this.recipes.findCard(recipeId, viewerId);
    if (!source.isPublished) return [];
    const rows = await this.recommendations.similar(recipeId, viewerId, limit * P.candidatesPerResult);
    const best = Math.max(0, ...rows.map((row) => row.score));
    const ranked = rows.map((row) => ({ id: row.id, row, relevance: row.score / (best || 1) }));
    return (await this.rerank(ranked, limit)).map(({ row }) => this.map.recipeCard(row));
  }

  private async rerank<T extends { id: string; relevance: number }>(candidates: T[], limit: number): Promise<T[]> {
    if (candidates.length <= 1) return candidates.slice(0, limit);
    const edges = await this.recommendations.contentEdges(candidates.map((candidate) => candidate.id));
    const similarity = new Map<string, number>();
    for (const edge of edges) {
      const key = pairKey(edge.recipeId, edge.neighbourId);
      similarity.set(key, Math.max(similarity.get(key) ?? 0, edge.score));
    }
    return diversify(candidates, (a, b) => similarity.get(pairKey(a, b)) ?? 0, limit);
  }
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

function reasonOf(row: CandidateRow): string | null {
  return row.reasonAction && row.reasonTitle ? REASONS[row.reasonAction](row.reasonTitle) : null;
}
