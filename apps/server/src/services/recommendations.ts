import { setTimeout as delay } from 'node:timers/promises';
import type { RecipeCard, RecommendedRecipe } from '@forkful/contracts';
import { RECOMMENDER as P } from '../repositories/recommendation-parameters.js';
import { notFound } from '../errors.js';
import {
  LIST_KIND,
  VISITORS_SUBJECT,
  type CandidateRow,
  type ListEntry,
  type RecommendationRepository,
  type SignalAction,
} from '../repositories/recommendations.js';
import { RECIPE_NOT_FOUND } from '../repositories/recipes.js';
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

/**
 * Greedy maximal marginal relevance: relevance against the most similar recipe already chosen. Each candidate's
 * redundancy is kept up to date as recipes are chosen (one similarity per candidate and pick, not per chosen pair).
 */
export function diversify<T extends { id: string; relevance: number }>(
  candidates: T[],
  similarity: (a: string, b: string) => number,
  limit: number,
  lambda: number = P.mmrLambda,
): T[] {
  const left = [...candidates];
  const redundancy = left.map(() => 0);
  const chosen: T[] = [];
  while (chosen.length < limit && left.length > 0) {
    let best = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const value = lambda * left[i]!.relevance - (1 - lambda) * redundancy[i]!;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    const [picked] = left.splice(best, 1);
    redundancy.splice(best, 1);
    chosen.push(picked!);
    for (let i = 0; i < left.length; i++) redundancy[i] = Math.max(redundancy[i]!, similarity(left[i]!.id, picked!.id));
  }
  return chosen;
}

/** At most this many lists wait to be made again in the background per instance; a list beyond waits its turn on a
 * later request. */
const MAX_PENDING_REMAKES = 10_000;

export class RecommendationService {
  /** Stale lists to make again, by list, in order; one is made at a time (see remake). */
  private readonly pending = new Map<string, () => Promise<void>>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly recommendations: RecommendationRepository,
    private readonly map: Mappers,
    /** Where a background remake's failure is told (the app's log); the request it came from was already answered. */
    private readonly onRemakeError: (error: unknown) => void = () => undefined,
  ) {}

  /** Resolves when no list is waiting to be made in the background (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** At the app's close: the lists waiting are dropped (each is made on a later request), the one being made ends. */
  async stop(): Promise<void> {
    this.pending.clear();
    await this.running;
  }

  /**
   * Makes a stale list again after its request was answered from it: a refresh thus costs each cook one stale answer
   * instead of one slow one, and the lists are made one at a time rather than all at once by the requests that
   * follow a refresh (decision 026, "Stored lists"). A list already waiting is not queued twice.
   */
  private remake(key: string, make: () => Promise<void>): void {
    if (this.pending.has(key) || this.pending.size >= MAX_PENDING_REMAKES) return;
    this.pending.set(key, make);
    this.running ??= this.remakeAll().finally(() => {
      this.running = null;
    });
  }

  private async remakeAll(): Promise<void> {
    // A Map's iterator also visits the entries added while it runs.
    for (const [key, make] of this.pending) {
      const started = performance.now();
      try {
        await make();
      } catch (error) {
        this.onRemakeError(error);
      }
      this.pending.delete(key);
      // As long a pause as the list took: the background takes at most half of one connection's time, so that the
      // requests, not the lists they left stale, have the database first (a stale list is still a good answer).
      if (this.pending.size > 0) await delay(Math.min(performance.now() - started, 1000));
    }
  }

  /**
   * Personal when `viewerId` has signals with neighbours; filled (or, for visitors, made) from the popular set. Read
   * from the viewer's stored list (one statement); made and stored on the cook's first request, or the first after
   * their own save or review (decision 026, "Stored lists"). A list from before the last refresh is served once
   * more while its new one is made in the background.
   */
  async recommended(viewerId: string | null, limit: number): Promise<RecommendedRecipe[]> {
    return (await this.recommendedList(viewerId, limit, null)) ?? [];
  }

  /**
   * As `recommended`, for a signed-in request whose session the list's own read checks (`sessionCheckedByRoute`:
   * the landing row's call makes one round trip, not two). Null when the session has ended: nothing was read or made
   * for it, and the caller answers as for a visitor.
   */
  async recommendedInSession(claims: { userId: string; sessionId: string }, limit: number) {
    return this.recommendedList(claims.userId, limit, claims.sessionId);
  }

  private async recommendedList(
    viewerId: string | null,
    limit: number,
    sessionId: string | null,
  ): Promise<RecommendedRecipe[] | null> {
    const kind = viewerId ? LIST_KIND.personal : LIST_KIND.visitors;
    const subject = viewerId ?? VISITORS_SUBJECT;
    const make = async (length: number) => {
      const basedOn = await this.recommendations.refreshStamp();
      const entries = (await this.rankRecommended(viewerId, length)).map(entryOf);
      await this.recommendations.storeList(kind, subject, basedOn, length, entries);
    };
    let stored = await this.recommendations.storedList(kind, subject, viewerId, limit, sessionId);
    if (!stored.sessionActive) return null;
    if (!stored.cached) {
      await make(storedLength(limit));
      stored = await this.recommendations.storedList(kind, subject, viewerId, limit);
    } else if (!stored.fresh) {
      const length = stored.computedFor;
      this.remake(`${kind}:${subject}`, () => make(length));
    }
    return stored.rows.map((row) => ({ ...this.map.recipeCard(row), reason: reasonOf(row) }));
  }

  /** The recommended list scored afresh from the precomputed neighbour and popularity tables, best first. */
  async rankRecommended(viewerId: string | null, limit: number): Promise<CandidateRow[]> {
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
    return picked;
  }

  /**
   * The recipe must be visible to the viewer (404 otherwise, as its page). A draft has no neighbours (only
   * published recipes are related), so its author gets an empty list. The list is the same for everyone but for
   * what a signed-in viewer already knows, which the read leaves out: it is stored once per recipe.
   */
  async similar(recipeId: string, viewerId: string | null, limit: number): Promise<RecipeCard[]> {
    const make = async (length: number) => {
      const basedOn = await this.recommendations.refreshStamp();
      const entries = (await this.rankSimilar(recipeId, length)).map(entryOf);
      await this.recommendations.storeList(LIST_KIND.similar, recipeId, basedOn, length, entries);
    };
    let stored = await this.recommendations.storedSimilar(recipeId, viewerId, limit);
    if (!stored.sourceVisible) throw notFound(RECIPE_NOT_FOUND);
    if (!stored.sourcePublished) return [];
    if (!stored.cached) {
      await make(storedLength(limit));
      stored = await this.recommendations.storedSimilar(recipeId, viewerId, limit);
    } else if (!stored.fresh) {
      const length = stored.computedFor;
      this.remake(`${LIST_KIND.similar}:${recipeId}`, () => make(length));
    }
    return stored.rows.map((row) => this.map.recipeCard(row));
  }

  /** A published recipe's neighbours for everyone, scored afresh and re-ranked for variety, best first. */
  async rankSimilar(recipeId: string, limit: number): Promise<CandidateRow[]> {
    const rows = await this.recommendations.similar(recipeId, null, limit * P.candidatesPerResult);
    const best = Math.max(0, ...rows.map((row) => row.score));
    const ranked = rows.map((row) => ({ id: row.id, row, relevance: row.score / (best || 1) }));
    return (await this.rerank(ranked, limit)).map(({ row }) => row);
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

/**
 * How long a list is made: the limit asked for, at least P.storedListMinimum, so that the site's calls (6 on the
 * landing and a recipe page) share one list; a later call for more makes it again, longer (its first N are the
 * same: greedy re-ranking picks the same first N).
 */
function storedLength(limit: number): number {
  return Math.max(limit, P.storedListMinimum);
}

function entryOf(row: CandidateRow): ListEntry {
  return { id: row.id, because: row.because ?? null, reasonAction: row.reasonAction };
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

function reasonOf(row: CandidateRow): string | null {
  return row.reasonAction && row.reasonTitle ? REASONS[row.reasonAction](row.reasonTitle) : null;
}
