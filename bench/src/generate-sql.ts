// The SQL that makes the bench data set. Every value is a pure function of the row number (hashint8 of a few
// mixes of it), so a recipe's rating sum can be computed from the very reviews that are inserted for it, sizes are
// comparable with each other, and reruns make the same data. Vocabularies arrive once, as array parameters.
import * as vocabulary from './vocabulary.js';

export interface Shape {
  recipes: number;
  users: number;
  savesPerUser: number;
}

/** ~10 recipes per user (2,000 users at least, so the 100 reviewers of a popular recipe are distinct people). */
export function shapeOf(recipes: number): Shape {
  const users = Math.max(2000, Math.round(recipes / 10));
  return { recipes, users, savesPerUser: Math.max(1, Math.round(recipes / users)) };
}

/** A non-negative pseudo-random integer from an integer expression. */
const h = (expr: string) => `(hashint8((${expr})::bigint)::bigint & 2147483647)`;
const pick = (list: string, expr: string) => `v.${list}[1 + ${h(expr)} % array_length(v.${list}, 1)]`;

// Ratings lean positive, as on real recipe sites: 5% one star, 7% two, 18% three, 35% four, 35% five.
const ratingDistribution = [
  ...Array<number>(5).fill(1),
  ...Array<number>(7).fill(2),
  ...Array<number>(18).fill(3),
  ...Array<number>(35).fill(4),
  ...Array<number>(35).fill(5),
];

/** Parameters $1…$11 of every statement: the vocabularies, the rating distribution and the base time. */
export function vocabularyParams(base: Date): unknown[] {
  return [
    vocabulary.adjectives,
    vocabulary.cuisines,
    vocabulary.mains,
    vocabulary.dishes,
    vocabulary.ingredients,
    vocabulary.stepTemplates,
    vocabulary.introTails,
    vocabulary.reviewComments,
    vocabulary.firstNames,
    vocabulary.lastNames,
    ratingDistribution,
    base.toISOString(),
  ];
}

const vocabularyCte = `v AS (SELECT $1::text[] AS adj, $2::text[] AS cui, $3::text[] AS main, $4::text[] AS dish,
  $5::text[] AS ing, $6::text[] AS step, $7::text[] AS tail, $8::text[] AS cmt, $9::text[] AS first,
  $10::text[] AS last, $11::int[] AS rating, $12::timestamptz AS base)`;
// $13 and $14 are the first and last row number of a batch.
const rows = (name: string) => `generate_series($13::bigint, $14::bigint) ${name}`;

const uuidOf = (prefix: string, expr: string) => `md5('${prefix}' || (${expr}))::uuid`;
const authorOf = (shape: Shape, i: string) => `(1 + (${i} * 7919) % ${shape.users})`;
const isPublished = (i: string) => `(${i} % 100 = 0 OR ${h(`${i} * 17 + 1`)} % 20 <> 0)`;
/** Every hundredth recipe is popular (100 reviews); other published ones get 0–9; drafts none. About 5 on average. */
const reviewCount = (i: string) =>
  `(CASE WHEN ${i} % 100 = 0 THEN 100 WHEN ${isPublished(i)} THEN ${h(`${i} * 13 + 5`)} % 10 ELSE 0 END)`;
const ratingOf = (i: string, k: string) => `v.rating[1 + ${h(`${i} * 128 + ${k}`)} % 100]`;
const createdOf = (i: string) => `(v.base - make_interval(secs => ${h(`${i} * 31 + 7`)} % 94608000))`;
/** Reviewers of recipe i: walk from its author in steps of 17, so they are distinct and never the author. */
const reviewerOf = (shape: Shape, i: string, k: string) =>
  `(1 + ((${i} * 7919) % ${shape.users} + ${k} * 17) % ${shape.users})`;

export function usersSql(): string {
  return `WITH ${vocabularyCte}
    INSERT INTO users (id, name, email, password_hash, created_at, updated_at)
    SELECT ${uuidOf('u', 'u')}, ${pick('first', 'u * 3 + 1')} || ' ' || ${pick('last', 'u * 5 + 2')},
           'cook' || u || '@bench.forkful.test', $15,
           v.base - make_interval(days => 1200), v.base - make_interval(days => 1200)
    FROM v, ${rows('u')}`;
}

/**
 * $15 is the parsed form of each vocabulary line (`ingredientDetailsParam`), picked with the same index as the line,
 * so a recipe's ingredient_details are what the server would store for its lines (migration 0004) and the app never
 * parses on read or backfills while it is measured.
 */
export function recipesSql(shape: Shape): string {
  const title = `concat_ws(' ', CASE WHEN w.form IN (0, 2) THEN w.adj END, CASE WHEN w.form IN (0, 1) THEN w.cui END,
                           w.main, w.dish)`;
  return `WITH ${vocabularyCte}
    INSERT INTO recipes (id, author_id, title, introduction, cooking_time, ingredients, ingredient_details, steps,
                         photo_key, is_published, rating_sum, total_reviews, created_at, updated_at)
    SELECT ${uuidOf('r', 'w.i')}, ${uuidOf('u', authorOf(shape, 'w.i'))}, ${title},
           format('A %s %s take on %s %s, with %s. %s', lower(w.adj), w.cui, lower(w.main), lower(w.dish),
                  lower(w.main2), w.tail),
           10 + (${h('w.i * 3 + 9')} % 35) * 5,
           ARRAY['500 g ' || lower(w.main)] || ARRAY(
             SELECT v.ing[1 + ${h('w.i * 64 + j')} % array_length(v.ing, 1)]
             FROM generate_series(1, 5 + ${h('w.i * 7 + 3')} % 8) j),
           jsonb_build_array(jsonb_build_object('text', '500 g ' || lower(w.main), 'quantity', 500,
             'quantityMax', NULL, 'unit', 'g', 'food', lower(w.main), 'note', NULL, 'isHeading', false)) || (
             SELECT jsonb_agg(($15::text[])[1 + ${h('w.i * 64 + j')} % array_length(v.ing, 1)]::jsonb ORDER BY j)
             FROM generate_series(1, 5 + ${h('w.i * 7 + 3')} % 8) j),
           ARRAY(SELECT replace(v.step[1 + ${h('w.i * 32 + j')} % array_length(v.step, 1)], '{main}', lower(w.main))
                 FROM generate_series(1, 4 + ${h('w.i * 11 + 2')} % 5) j),
           CASE WHEN ${h('w.i * 19 + 4')} % 10 <> 0 THEN md5('p' || w.i) END,
           ${isPublished('w.i')},
           (SELECT coalesce(sum(${ratingOf('w.i', 'k')}), 0) FROM generate_series(1, ${reviewCount('w.i')}) k),
           ${reviewCount('w.i')}, ${createdOf('w.i')}, ${createdOf('w.i')}
    FROM v, (
      SELECT i, ${h('i * 5 + 1')} % 4 AS form, ${pick('adj', 'i * 2 + 1')} AS adj, ${pick('cui', 'i * 3 + 2')} AS cui,
             ${pick('main', 'i * 5 + 3')} AS main, ${pick('dish', 'i * 7 + 4')} AS dish,
             ${pick('main', 'i * 9 + 5')} AS main2, ${pick('tail', 'i * 11 + 6')} AS tail
      FROM v, ${rows('i')}
    ) w`;
}

export function reviewsSql(shape: Shape): string {
  const created = `least(v.base, ${createdOf('i')} + make_interval(secs => ${h('i * 128 + k + 64')} % 31536000))`;
  return `WITH ${vocabularyCte}
    INSERT INTO reviews (recipe_id, owner_id, rating, comment, created_at, updated_at)
    SELECT ${uuidOf('r', 'i')}, ${uuidOf('u', reviewerOf(shape, 'i', 'k'))}, ${ratingOf('i', 'k')},
           ${pick('cmt', 'i * 256 + k')}, ${created}, ${created}
    FROM v, ${rows('i')}, generate_series(1, ${reviewCount('i')}) k`;
}

export function savesSql(shape: Shape): string {
  const recipe = `(1 + (u * 7 + s * 104729) % ${shape.recipes})`;
  return `WITH ${vocabularyCte}
    INSERT INTO saved_recipes (user_id, recipe_id, created_at)
    SELECT ${uuidOf('u', 'u')}, ${uuidOf('r', recipe)}, v.base - make_interval(secs => ${h('u * 61 + s')} % 31536000)
    FROM v, ${rows('u')}, generate_series(1, ${shape.savesPerUser}) s
    WHERE ${isPublished(recipe)}
    ON CONFLICT DO NOTHING`;
}
