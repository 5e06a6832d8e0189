/**
 * The recommender's parameters, in one place (docs/decisions/026-recommendations.md explains each). Changing one
 * takes effect at the next refresh (the table's parameters) or the next request (the blend).
 */
export const RECOMMENDER = {
  /** A pair of recipes is related by behaviour only when at least this many different users link them (privacy). */
  minUsersPerPair: 3,
  /** Co-liked neighbours kept per recipe. */
  coLikedNeighbours: 40,
  /** Content neighbours kept per recipe, and the least content similarity kept. */
  contentNeighbours: 20,
  minContentScore: 0.08,
  /** Shrinks a co-liked cosine backed by few users: score × n / (n + shrink). */
  coLikedShrink: 5,
  /** A user's most recent likes that count towards pairs (bounds the self-join: at most cap² pairs per user). */
  likesPerUser: 200,
  /** A word in more than this share of published recipes (and more than minDocumentFrequencyCap) links nothing. */
  maxTermShare: 0.05,
  minDocumentFrequencyCap: 200,
  /** Which content neighbours are kept among near-equals: cosine × (1 + this × ln(1 + likes)). */
  contentPopularityTieBreak: 0.05,
  /** Title words count double against ingredient words. */
  titleTermWeight: 2,
  /** Popularity: half-life of a save's or review's weight, and of a new recipe's freshness bonus (days). */
  activityHalfLifeDays: 30,
  freshnessHalfLifeDays: 14,
  freshnessBonus: 0.5,
  /** Bayesian average rating: the prior mean and its weight in reviews. */
  priorRating: 3.5,
  priorReviews: 3,
  /** Blend at request time: a content edge weighs this much against a co-liked edge of the same score. */
  contentWeight: 0.35,
  /**
   * The popularity prior in a personal score: score × (1 − w + w × popularity / best popularity). A cook's taste
   * says which kind of dish; among those, what others like now is the better bet.
   */
  popularityWeight: 0.7,
  /** A user's most recent signals read per request. */
  signalsPerRequest: 100,
  /** Candidates read per result for the variety re-rank, and its trade-off (1 = relevance only). */
  candidatesPerResult: 4,
  mmrLambda: 0.75,
  /** How a signal weighs: saved 1, own recipe 0.8, rated 5 → 1, 4 → 0.6, 2 → −0.5, 1 → −1 (3 is neutral). */
  savedWeight: 1,
  ownWeight: 0.8,
  plannedWeight: 0.8,
} as const;

/** Default interval between refreshes (RECOMMENDATIONS_REFRESH_SECONDS). */
export const DEFAULT_REFRESH_SECONDS = 300;
/** A refresh runs even with no new signal after this long, so the popularity prior's time decay moves on. */
export const MAX_REFRESH_AGE_SECONDS = 6 * 3600;
/** pg_try_advisory_xact_lock key: 'FORK' and 'RECS' in ASCII. */
export const REFRESH_LOCK = [0x464f524b, 0x52454353] as const;
