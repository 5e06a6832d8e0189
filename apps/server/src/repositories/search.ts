// Suggestions and full search whose cost does not grow with the number of recipes (docs/decisions/007).
//
// Each search looks in two places, in one statement:
//   a. the `window` most-reviewed published recipes (an index in popularity order, read from the top), keeping at
//      most `cap` matches: a common word such as 'chicken' is answered from the first few hundred entries;
//   b. only when (a) found fewer than asked for: the whole table through its index (trigram GIN for titles, the
//      full-text GIN for search), again at most `cap` matches. A rare word has few matches, so this is cheap too.
//      A full search of one title word reads that word's postings instead, most reviewed first (docs/decisions/016):
//      a common word has too many matches for the index to be cheap.
// The matches are then ranked and cut to the limit. When nothing (or too little) matches the words as typed, each
// word is corrected against `title_words` (trigram distance over a short list of distinct title words, not over a
// million titles) and the search runs again with the corrections.
//
// For suggestions, (b) is a MATERIALIZED CTE read under an outer LIMIT: planned for all its rows, the planner takes
// the index (a prefix tsquery's estimate is poor, and with the LIMIT inside it chose to walk the whole table hoping
// to stop early, which for a word no title has means reading all of it); read lazily, it still stops at `cap` rows.
//
// The SQL is plain text with $n parameters and runs through a `Run` function, so the server (through its pg pool)
// and the bench's ceiling server run exactly the same statements.

import { CARD_COLUMNS } from './recipe-rows.js';

export type Run = <Row>(text: string, params: unknown[]) => Promise<Row[]>;

export interface SearchLimits {
  /** How many of the most-reviewed recipes suggestions look at first (an index-only scan: cheap per entry). */
  suggestWindow: number;
  /** The same for full search, which fetches each recipe's text to match it (dearer per entry: 100 cost 1 ms at 1M). */
  searchWindow: number;
  /** At most this many matches are ranked per place looked in. */
  cap: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { suggestWindow: 2000, searchWindow: 100, cap: 100 };

/**
 * The recipe columns CARD_COLUMNS reads (taken from it, so the two cannot drift apart), for ranking the matches
 * before their authors are joined: only the rows returned (48 for the search route) then look up an author, not
 * every match ranked (up to 300). For the bench's search mix at 1M recipes: 3.14 → 2.95 ms per search.
 */
const RANKED_COLUMNS = [...new Set(CARD_COLUMNS.match(/\br\.[a-z_]+/g))].join(', ');

const MAX_WORDS = 6;
/** A word shorter than this is not corrected: too few trigrams to tell one word from another. */
const MIN_CORRECTABLE = 3;
/** Corrections per misspelt word, and how alike (trigram similarity, 0–1) a correction must be. */
const CORRECTIONS = 3;
const MIN_SIMILARITY = 0.2;
const CLOSE_TO_BEST = 0.75;
/** A typed prefix is spelt out as at most this many exact title words (see titleQuery). */
const MAX_EXPANSIONS = 24;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The query's words (at most six), lower-case; accents are removed in SQL with the same f_unaccent as the column. */
function wordsOf(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A tsquery that matches the start of a word, safely quoted (any character may come from the user). */
function prefixLexeme(word: string): string {
  return `${exactLexeme(word)}:*`;
}

/**
 * Every group must match; a group matches when a word of the title starts with any of its alternatives. As SQL over
 * the window's `title_norm` (alias p): a cheap LIKE first, then the word-start check; as a tsquery for the index.
 */
function windowConditions(groups: string[][], params: Params): string {
  return groups
    .map((alternatives) => {
      const parts = alternatives.map((word) => {
        const like = params.add(`%${escapeLike(word)}%`);
        const start = params.add(`(^|[^[:alnum:]])${word.replace(/[^\p{L}\p{N}]/gu, '')}`);
        return `(p.title_norm LIKE ${like} AND p.title_norm ~ ${start})`;
      });
      return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
    })
    .join(' AND ');
}

/** A tsquery operand for exactly this word, safely quoted. */
function exactLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The index's tsquery: every group must match, any alternative of a group may. A prefix the title-word list can spell
 * out (at most MAX_EXPANSIONS words) becomes those exact words: GIN intersects exact words cheaply, while a prefix
 * (`cu:*`) makes it collect every entry under the prefix into a bitmap first (11 ms against 1 ms for
 * 'chicken cu' at 1M recipes).
 */
function titleQuery(groups: string[][], expansions: Map<string, string[] | null>): string {
  return groups
    .map((alternatives) => {
      const operands = alternatives.flatMap((word) => {
        const words = expansions.get(word);
        return words ? [...new Set([word, ...words])].map(exactLexeme) : [prefixLexeme(word)];
      });
      return `(${operands.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * One statement for what matching needs first: the query without accents (the same f_unaccent as title_norm), its
 * words split where a title's words split (as title_words_of does), and each word as a prefix spelt out as the
 * title words it starts, or null when there are more than MAX_EXPANSIONS of them (the index then reads the prefix
 * itself). The prefix range is read from the text_pattern_ops index, whatever the database's collation.
 */
async function normaliseAndExpand(
  run: Run,
  text: string,
): Promise<{ typed: string; words: string[]; expansions: Map<string, string[] | null> }> {
  const rows = await run<{ typed: string; word: string | null; words: string[] | null }>(
    `WITH n AS (SELECT f_unaccent($1) AS t)
     SELECT n.t AS typed, w.word, CASE WHEN w.word IS NOT NULL THEN ARRAY(
       SELECT tw.word FROM title_words tw
       WHERE tw.word ~>=~ w.word AND tw.word ~<~ (w.word || chr(1114111))
       ORDER BY tw.word COLLATE "C" LIMIT ${MAX_EXPANSIONS + 1}
     ) END AS words
     FROM n LEFT JOIN LATERAL regexp_split_to_table(n.t, '[^[:alnum:]]+') WITH ORDINALITY AS w(word, i)
       ON w.word <> ''
     ORDER BY w.i`,
    [text],
  );
  const expansions = new Map<string, string[] | null>();
  const words: string[] = [];
  for (const row of rows) {
    if (row.word === null || expansions.has(row.word)) continue;
    words.push(row.word);
    const spelt = row.words ?? [];
    expansions.set(row.word, spelt.length > MAX_EXPANSIONS ? null : spelt);
  }
  return { typed: rows[0]?.typed ?? text, words, expansions };
}

/**
 * The nearest title words to each given word (at most three each, similarity ≥ 0.2), as one list per word; a word
 * with none gets an empty list.
 */
export async function correctWords(run: Run, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const rows = await run<{ i: number; word: string; sim: number }>(
    `SELECT t.i::int AS i, c.word, c.sim::float8 AS sim
     FROM unnest($1::text[]) WITH ORDINALITY AS t(typed, i)
     CROSS JOIN LATERAL (
       SELECT w.word, similarity(w.word, f_unaccent(t.typed)) AS sim FROM title_words w
       ORDER BY w.word <-> f_unaccent(t.typed) LIMIT ${CORRECTIONS}
     ) c
     WHERE c.sim >= ${MIN_SIMILARITY}
     ORDER BY t.i, c.sim DESC`,
    [words],
  );
  // A correction much further off than the best one is noise ('chiken' → 'chicken', not also 'chili').
  return words.map((_, index) => {
    const near = rows.filter((row) => row.i === index + 1);
    const best = near[0]?.sim ?? 0;
    return near.filter((row) => row.sim >= best * CLOSE_TO_BEST).map((row) => row.word);
  });
}

/**
 * The corrections of a query's words that a correction can help (three or more letters, split where a title word
 * would split): one group per word that has any. No statement when no word qualifies.
 */
async function correctionsOf(run: Run, words: string[]): Promise<string[][]> {
  const fixable = words
    .flatMap((word) => word.split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= MIN_CORRECTABLE);
  if (fixable.length === 0) return [];
  return (await correctWords(run, fixable)).filter((group) => group.length > 0);
}

export interface Suggestion {
  id: string;
  title: string;
}

/**
 * Up to `limit` published titles matching the query: each of its words starts a word of the title, in any order,
 * accents and case ignored; ranked by a title that starts with the query, then word similarity, then the most
 * reviewed. When fewer match, titles matching the corrected words follow.
 */
export async function suggestTitles(
  run: Run,
  query: string,
  limit: number,
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
): Promise<Suggestion[]> {
  const typedWords = wordsOf(query);
  if (typedWords.length === 0) return [];
  const { typed, words, expansions } = await normaliseAndExpand(run, typedWords.join(' '));
  if (words.length === 0) return [];
  const found = await matchTitles(
    run,
    typed,
    words.map((word) => [word]),
    expansions,
    limit,
    limits,
  );
  if (found.length >= limit) return found;
  const corrections = await correctionsOf(run, words);
  if (corrections.length === 0) return found;
  // A correction is a whole title word: matched as itself, not as a prefix.
  const exact = new Map(corrections.flat().map((word) => [word, [] as string[]]));
  const corrected = await matchTitles(run, typed, corrections, exact, limit, limits);
  const seen = new Set(found.map((row) => row.id));
  return [...found, ...corrected.filter((row) => !seen.has(row.id))].slice(0, limit);
}

async function matchTitles(
  run: Run,
  typed: string,
  groups: string[][],
  expansions: Map<string, string[] | null>,
  limit: number,
  limits: SearchLimits,
): Promise<Suggestion[]> {
  const params = new Params();
  const inWindow = windowConditions(groups, params);
  const tsquery = params.add(titleQuery(groups, expansions));
  const window = params.add(limits.suggestWindow);
  const cap = params.add(limits.cap);
  const wanted = params.add(limit);
  const query = params.add(typed);
  const prefix = params.add(`${escapeLike(typed)}%`);
  const text = `
    WITH a AS MATERIALIZED (
      SELECT p.id, p.title, p.title_norm, p.total_reviews FROM (
        SELECT id, title, title_norm, total_reviews FROM recipes WHERE is_published
        ORDER BY total_reviews DESC, id LIMIT ${window}
      ) p
      WHERE ${inWindow}
      LIMIT ${cap}
    ),
    b AS MATERIALIZED (
      SELECT r.id, r.title, r.title_norm, r.total_reviews FROM recipes r
      WHERE (SELECT count(*) FROM a) < ${wanted} AND r.is_published
        AND to_tsvector('simple'::regconfig, r.title_norm) @@ ${tsquery}::tsquery
    ),
    found AS (SELECT * FROM a UNION (SELECT * FROM b LIMIT ${cap}))
    SELECT f.id, f.title FROM found f
    ORDER BY (f.title_norm LIKE ${prefix}) DESC, word_similarity(${query}, f.title_norm) DESC,
             f.total_reviews DESC, f.title
    LIMIT ${wanted}`;
  return run<Suggestion>(text, params.values);
}

/**
 * Ranked full-text search over title, introduction and ingredients (published only), up to `limit` recipe cards.
 * When nothing matches the words as typed, each is corrected against the title words and the search runs again
 * with the corrections (any of a word's corrections may match).
 */
export async function searchRecipes<Row>(
  run: Run,
  name: string,
  limit: number,
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
): Promise<Row[]> {
  const words = wordsOf(name);
  if (words.length === 0) return [];
  const ranked = await fullText<Row>(
    run,
    (config) => `websearch_to_tsquery('${config}', f_unaccent($1))`,
    words.join(' '),
    oneTitleWord(words),
    limit,
    limits,
  );
  if (ranked.length > 0) return ranked;
  const corrections = await correctionsOf(run, words);
  if (corrections.length === 0) return [];
  // Title words are letters and digits only, so they are safe as tsquery operands.
  const query = corrections.map((group) => `(${group.join(' | ')})`).join(' & ');
  return fullText<Row>(
    run,
    (config) => `to_tsquery('${config}', $1)`,
    query,
    corrections.length === 1 ? (corrections[0] ?? []) : [],
    limit,
    limits,
  );
}

/**
 * The query as the one title word it is, when it is one: a single word of letters and digits (not 'or', which web
 * search syntax reads as an operator). Its title matches can then be read from the word's postings (see fullText).
 */
function oneTitleWord(words: string[]): string[] {
  const [word] = words;
  return words.length === 1 && word && word !== 'or' && /^[\p{L}\p{N}]+$/u.test(word) ? [word] : [];
}

async function fullText<Row>(
  run: Run,
  tsqueryIn: (config: 'english' | 'simple') => string,
  text: string,
  titleWords: string[],
  limit: number,
  limits: SearchLimits,
): Promise<Row[]> {
  const tsquery = tsqueryIn('english');
  // The tsquery is written out (not a CTE) so the planner sees its value and estimates its matches.
  // (a) The window is read in popularity order straight from the table through the popularity index (104 buffers
  //     for 100 recipes at 1M, against 488 when each was looked up again by its key), and reading stops at `cap`
  //     matches.
  // (t) Then titles: a title match outranks a match in the introduction or the ingredients (weight A).
  //     - One title word (or, corrected, one of a few): its postings (recipe_title_words). The word's most-reviewed
  //       recipes are the first entries of a btree range, so a common word ('chicken', 14,000 titles at 1M) costs
  //       `cap` entries, not a bitmap of every match (6 ms at 1M, docs/decisions/016). A title that has the word
  //       has its English stem too, so no recipe is read to check. An English stop word ('with') is in no
  //       search_vector, so its postings are not read (a correction may be one: 'mor' → 'more', 'morel').
  //     - Otherwise the title-word index, which is small: 'pepper crumble' at 1M costs 1 ms here against 10 ms for
  //       the full-text index, which has to walk 'pepper' through half the recipes' ingredient lists.
  // (b) Only when those found fewer distinct recipes than the page needs (the window's are often title matches
  //     too), the full-text index (every match of (t) is one of its matches too). Unlike suggestions, (t) and (b) keep their LIMIT inside: exact words have good statistics, so
  //     the planner reads a common word ('beef', 12% of recipes) from the table until it has `cap` rows (under
  //     1 ms) instead of building a 118,000-entry bitmap.
  const titles =
    titleWords.length > 0
      ? `SELECT x.recipe_id AS id FROM unnest($5::text[]) AS q(word)
      CROSS JOIN LATERAL (
        SELECT tw.recipe_id, tw.total_reviews FROM recipe_title_words tw
        WHERE (SELECT count(*) FROM a) < $4 AND numnode(plainto_tsquery('english', f_unaccent(q.word))) > 0
          AND tw.word = lower(f_unaccent(q.word))
        ORDER BY tw.total_reviews DESC, tw.recipe_id LIMIT $3
      ) x
      GROUP BY x.recipe_id, x.total_reviews
      ORDER BY x.total_reviews DESC, x.recipe_id
      LIMIT $3`
      : `SELECT r.id FROM recipes r
      WHERE (SELECT count(*) FROM a) < $4 AND r.is_published
        AND to_tsvector('simple'::regconfig, r.title_norm) @@ ${tsqueryIn('simple')}
        AND r.search_vector @@ ${tsquery}
      LIMIT $3`;
  const params = [text, limits.searchWindow, limits.cap, limit];
  return run<Row>(
    `WITH a AS MATERIALIZED (
      SELECT p.id FROM (
        SELECT id, search_vector FROM recipes WHERE is_published ORDER BY total_reviews DESC, id LIMIT $2
      ) p
      WHERE p.search_vector @@ ${tsquery}
      LIMIT $3
    ),
    t AS MATERIALIZED (${titles}),
    b AS (
      SELECT r.id FROM recipes r
      WHERE (SELECT count(*) FROM (SELECT id FROM a UNION SELECT id FROM t) found) < $4 AND r.is_published
        AND r.search_vector @@ ${tsquery}
      LIMIT $3
    ),
    found AS (SELECT id FROM a UNION SELECT id FROM t UNION SELECT id FROM b)
    SELECT ${CARD_COLUMNS} FROM (
      SELECT ${RANKED_COLUMNS}, ts_rank(r.search_vector, ${tsquery}) AS rank
      FROM found f JOIN recipes r ON r.id = f.id
      ORDER BY rank DESC, r.total_reviews DESC, r.created_at DESC
      LIMIT $4
    ) r JOIN users u ON u.id = r.author_id
    ORDER BY r.rank DESC, r.total_reviews DESC, r.created_at DESC`,
    titleWords.length > 0 ? [...params, titleWords] : params,
  );
}
