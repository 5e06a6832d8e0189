/**
 * The recommender's parameters, in one place (docs/decisions/026-recommendations.md explains each). Changing one
 * takes effect at the next refresh (the table's parameters) or the next request (the blend).
 */
export const RECOMMENDER = {
  /** A pair of recipes is related by behaviour only when at least this many different users link them (privacy). */
  minUsersPerPair: 3,
  /** Co-liked neighbours kept per recipe. */
  coLikedNeighbours: 40,
  /**
   * The co-liked and the content neighbours are each computed in this many statements, each for a slice of the
   * recipes (by id), so no one statement runs for minutes (at 1M recipes a slice takes seconds).
   */
  statementSlices: 16,
  /**
   * Besides the recipes liked by cooks whose likes changed, each refresh computes the co-liked lists of one slice of
   * 1/coLikedRotation of the recipes (successive refreshes, successive slices), so a list whose neighbours' likers
   * changed is exact again within that many refreshes (decision 026, 'The co-liked part incremental').
   */
  coLikedRotation: 16,
  /** Content neighbours kept per recipe, and the least content similarity kept. */
  contentNeighbours: 20,
  minContentScore: 0.08,
  /**
   * Co-liked score of neighbour j for recipe i: co / (nᵢ^(1 − α) · nⱼ^α), shrunk by co / (co + shrink). α = 0.5 is
   * the cosine; a smaller α favours the neighbours more people like (what a cook goes on to like: tuned on the
   * bench, 0.3 better than the cosine with plain counts, 0.4 with the user weights below). co and n are sums of the
   * users' weights (coLikedUserWeightExponent).
   */
  coLikedAlpha: 0.4,
  coLikedShrink: 0,
  /**
   * Each user's likes count towards co-liked pairs with weight (their likes)^−this (inverse user frequency): 0 is a
   * plain count of users; 0.5 counts a cook with 100 likes a tenth of one with 1. The pair still needs
   * minUsersPerPair different users, however light.
   */
  coLikedUserWeightExponent: 0.5,
  /** A user's most recent likes that count towards pairs (bounds the self-join: at most cap² pairs per user). */
  likesPerUser: 200,
  /** A word in more than this share of published recipes (and more than minDocumentFrequencyCap) links nothing. */
  maxTermShare: 0.05,
  minDocumentFrequencyCap: 200,
  /**
   * Which content neighbours are kept (above minContentScore): ranked by cosine × (1 + likes)^this, so that among
   * the similar recipes the ones cooks like are kept. The stored score stays the cosine.
   */
  contentPopularityExponent: 1,
  /**
   * Content candidates of a recipe: for each of its words, the recipes with that word that most people like (champion
   * lists). Bounds the content work per recipe (no word-by-word self-join); on the bench, 50 loses nothing.
   */
  contentChampionsPerTerm: 50,
  /**
   * Each refresh recomputes the content neighbours of the recipes changed since the previous one and of one slice of
   * 1/contentSlices of all recipes (successive refreshes, successive slices), so every list is redone within that
   * many refreshes.
   */
  contentSlices: 96,
  /**
   * Each refresh computes the popularity of the recipes with a new (or withdrawn) save, review or publication and of
   * one slice of 1/popularityRotation of the rest, so the time decay reaches every score within that many refreshes.
   */
  popularityRotation: 16,
  /** Title words count double against ingredient words. */
  titleTermWeight: 2,
  /** Popularity: half-life of a save's or review's weight, and of a new recipe's freshness bonus (days). */
  activityHalfLifeDays: 30,
  freshnessHalfLifeDays: 14,
  freshnessBonus: 0.5,
  /** Bayesian average rating: the prior mean and its weight in reviews. */
  priorRating: 3.5,
  priorReviews: 3,
  /**
   * Blend at request time: a content edge weighs this much against a co-liked edge of the same score (0.35 with
   * plain co-liked counts; the user weights make co-liked scores smaller, and the bench's best was then 0.15).
   */
  contentWeight: 0.15,
  /**
   * The popularity prior in a personal score: score × (1 − w + w × popularity / best popularity). A cook's taste
   * says which kind of dish; among those, what others like now is the better bet.
   */
  popularityWeight: 0.5,
  /**
   * A dislike (rating 1-2) subtracts its neighbours at this fraction of its weight: a low rating is still a dish of
   * the kind the cook picks, so a full subtraction pushed their taste away (bench: 0.494 → 0.549 at 0 and 0.25).
   */
  dislikeScale: 0.25,
  /** A user's most recent signals read per request. */
  signalsPerRequest: 100,
  /** Candidates by the neighbour sum alone, per candidate wanted, that the personal read looks further at. */
  prefilterPerCandidate: 5,
  /**
   * A stored list (decision 026, stored lists) is made for the limit asked, at least this long: the landing's and a
   * recipe page's 6 and the bench's 12 share one; the /recommended page's 24 makes it again, longer.
   */
  storedListMinimum: 12,
  /** Candidates read per result for the variety re-rank, and its trade-off (1 = relevance only). */
  candidatesPerResult: 4,
  mmrLambda: 0.9,
  /** How a signal weighs: saved 1, own recipe 0.8, rated 5 → 1, 4 → 0.6, 2 → −0.5, 1 → −1 (3 is neutral). */
  savedWeight: 1,
  ownWeight: 0.8,
  plannedWeight: 0.8,
} as const;

/** Default interval between refreshes (RECOMMENDATIONS_REFRESH_SECONDS). */
export const DEFAULT_REFRESH_SECONDS = 300;
/** A refresh runs even with no new signal after this long, so the popularity prior's time decay moves on. */
export const MAX_REFRESH_AGE_SECONDS = 6 * 3600;
/**
 * A stored list made before the last refresh is still served (and made again in the background) while it is younger
 * than this; an older one is never read, and a refresh deletes it (decision 026, "Stored lists").
 */
export const MAX_STALE_LIST_SECONDS = 24 * 3600;
/** pg_try_advisory_xact_lock key: 'FORK' and 'RECS' in ASCII. */
export const REFRESH_LOCK = [0x464f524b, 0x52454353] as const;
