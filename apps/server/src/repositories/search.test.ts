// The search module's two places to look (the most-reviewed window, then the whole table) and its typo
// correction, driven with tiny limits so a handful of recipes exercises what a million would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../test/app.js';
import { call, createRecipe, defaultRecipe, expectOk } from '../test/fixtures.js';
import { correctWords, searchRecipes, suggestTitles, type Run, type SearchLimits } from './search.js';

let ctx: TestContext;
let run: Run;
const statements: string[] = [];
const tiny: SearchLimits = { suggestWindow: 3, searchWindow: 3, cap: 2 };
const titles = (rows: Array<{ title: string }>) => rows.map((row) => row.title);

async function setReviews(title: string, totalReviews: number) {
  await ctx.database.pool.query(`UPDATE recipes SET total_reviews = $2 WHERE title = $1`, [title, totalReviews]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  run = async <Row>(text: string, params: unknown[]) => {
    statements.push(text);
    return (await ctx.database.pool.query(text, params)).rows as Row[];
  };
  const author = await registerUser(ctx.app, 'Ada Author');
  for (const title of ['Bread One', 'Bread Two', 'Bread Three', 'Bread Four']) {
    await createRecipe(ctx.app, author.jar, { title });
  }
  await createRecipe(ctx.app, author.jar, { title: 'Pumpkin Pie', ingredients: ['pumpkin', 'sugar'] });
  await createRecipe(ctx.app, author.jar, { title: 'Cheese Scones', ingredients: ['flour', 'pumpkin seeds'] });
  await createRecipe(ctx.app, author.jar, { title: 'Chicken Curry', ingredients: ['chicken thighs'] });
  await createRecipe(ctx.app, author.jar, { title: 'Chili Beans', ingredients: ['beans'] });
  // The window (three most reviewed) holds three breads; the fourth bread and the rest lie outside it.
  await setReviews('Bread One', 30);
  await setReviews('Bread Two', 20);
  await setReviews('Bread Three', 10);
});
afterAll(async () => {
  await ctx.close();
});

describe('suggestTitles', () => {
  it('answers from the most-reviewed window when it holds enough matches, most reviewed first', async () => {
    expect(titles(await suggestTitles(run, 'bread', 2, tiny))).toEqual(['Bread One', 'Bread Two']);
  });

  it('looks through the whole table when the window holds too few', async () => {
    const wide = { ...tiny, cap: 10 };
    expect(titles(await suggestTitles(run, 'bread', 8, wide)).sort()).toEqual([
      'Bread Four',
      'Bread One',
      'Bread Three',
      'Bread Two',
    ]);
    // Nothing of the window matches 'pumpkin': found through the trigram index alone.
    expect(titles(await suggestTitles(run, 'pumpkin', 8, tiny))).toEqual(['Pumpkin Pie']);
  });

  it('matches the start of every word, in any order, short words too', async () => {
    expect(titles(await suggestTitles(run, 'pie pumpkin', 8, tiny))).toEqual(['Pumpkin Pie']);
    // A word matches the start of a title word, however short: 'p' is the start of 'pie'.
    expect(titles(await suggestTitles(run, 'pumpkin p', 8, tiny))).toEqual(['Pumpkin Pie']);
    expect(titles(await suggestTitles(run, 'pu', 8, tiny))).toEqual(['Pumpkin Pie']);
    expect(titles(await suggestTitles(run, 'sc che', 8, tiny))).toEqual(['Cheese Scones']);
  });

  it('corrects a misspelt word to its nearest title word, not to every word that shares letters', async () => {
    expect(titles(await suggestTitles(run, 'pumkin pie', 8, tiny))).toEqual(['Pumpkin Pie']);
    expect(titles(await suggestTitles(run, 'chiken', 8, tiny))).toEqual(['Chicken Curry']);
  });

  it('learns the words of a new or renamed title', async () => {
    const author = await registerUser(ctx.app, 'Reno Namer');
    const id = await createRecipe(ctx.app, author.jar, { title: 'Plain Toast' });
    expect(await suggestTitles(run, 'quesadila', 8, tiny)).toEqual([]);
    const update = { ...defaultRecipe, cookingTime: 25, isPublished: true, title: 'Quesadilla' };
    expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload: update }));
    expect(titles(await suggestTitles(run, 'quesadila', 8, tiny))).toEqual(['Quesadilla']);
  });

  it('asks nothing of the database for a blank query', async () => {
    statements.length = 0;
    expect(await suggestTitles(run, '   ', 8, tiny)).toEqual([]);
    expect(statements).toEqual([]);
  });
});

describe('searchRecipes', () => {
  it('ranks within the window and the index matches, title before ingredient', async () => {
    expect(titles(await searchRecipes<{ title: string }>(run, 'pumpkin', 48, tiny))).toEqual([
      'Pumpkin Pie',
      'Cheese Scones',
    ]);
  });

  it('corrects a misspelt word and searches title, introduction and ingredients with the correction', async () => {
    expect(titles(await searchRecipes<{ title: string }>(run, 'pumkin', 48, tiny))).toEqual([
      'Pumpkin Pie',
      'Cheese Scones',
    ]);
    expect(titles(await searchRecipes<{ title: string }>(run, 'chiken', 48, tiny))).toEqual(['Chicken Curry']);
  });

  it('answers nothing, not an error, when no word can be corrected', async () => {
    expect(await searchRecipes(run, 'zzqx', 48, tiny)).toEqual([]);
  });

  it("reads a one-word query's title matches from the word's postings, most reviewed first", async () => {
    const author = await registerUser(ctx.app, 'Sue Souper');
    // Created least reviewed first: the title index would give the first `cap` titles it finds, in table order.
    for (const title of ['Soup Low', 'Soup Mid', 'Soup High']) await createRecipe(ctx.app, author.jar, { title });
    await setReviews('Soup Mid', 5);
    await setReviews('Soup High', 7);
    // Outside the window, two wanted, two read (cap): the two most reviewed soups, not the first two made.
    expect(titles(await searchRecipes<{ title: string }>(run, 'soup', 2, tiny))).toEqual(['Soup High', 'Soup Mid']);
  });

  it('finds nothing for a word the search language ignores, although titles have it', async () => {
    const author = await registerUser(ctx.app, 'Stella Stop');
    await createRecipe(ctx.app, author.jar, { title: 'Rice With Peas' });
    expect(await searchRecipes(run, 'with', 48, tiny)).toEqual([]);
    // 'wit' is corrected to 'with' and 'withy': only the word the search language keeps finds titles.
    await createRecipe(ctx.app, author.jar, { title: 'Withy Greens' });
    expect(titles(await searchRecipes<{ title: string }>(run, 'wit', 48, tiny))).toEqual(['Withy Greens']);
  });

  it('counts a recipe found in both the window and the postings once when deciding to look further', async () => {
    const author = await registerUser(ctx.app, 'Kay Kale');
    // The smoothie comes first in the table, so the full-text index (two at most) reads it before the kale dishes.
    await createRecipe(ctx.app, author.jar, { title: 'Green Smoothie', ingredients: ['kale', 'apple'] });
    await createRecipe(ctx.app, author.jar, { title: 'Kale One' });
    await createRecipe(ctx.app, author.jar, { title: 'Kale Two' });
    await setReviews('Kale One', 100);
    await setReviews('Kale Two', 90);
    // Window and postings both hold the two kale dishes: two recipes, not four, so the smoothie is looked for too.
    expect(titles(await searchRecipes<{ title: string }>(run, 'kale', 3, tiny))).toEqual([
      'Kale One',
      'Kale Two',
      'Green Smoothie',
    ]);
  });
});

describe('recipe_title_words (the postings one-word searches read)', () => {
  const postings = async (recipeId: string) =>
    (
      await ctx.database.pool.query<{ word: string; total_reviews: number }>(
        `SELECT word, total_reviews FROM recipe_title_words WHERE recipe_id = $1 ORDER BY word`,
        [recipeId],
      )
    ).rows;

  it('follows the title, the publication and the review count, and goes with the recipe', async () => {
    const author = await registerUser(ctx.app, 'Pat Poster');
    const reviewer = await registerUser(ctx.app, 'Rita Reviewer');
    const id = await createRecipe(ctx.app, author.jar, { title: 'Lemon Tart' });
    expect(await postings(id)).toEqual([
      { word: 'lemon', total_reviews: 0 },
      { word: 'tart', total_reviews: 0 },
    ]);

    const review = { rating: 5, comment: 'Silky and just set.' };
    expectOk(await call(ctx.app, 'POST', `/reviews/create/${id}`, { jar: reviewer.jar, payload: review }), 201);
    expect(await postings(id)).toEqual([
      { word: 'lemon', total_reviews: 1 },
      { word: 'tart', total_reviews: 1 },
    ]);

    const renamed = { ...defaultRecipe, cookingTime: 25, isPublished: true, title: 'Lemon Posset' };
    expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload: renamed }));
    expect(await postings(id)).toEqual([
      { word: 'lemon', total_reviews: 1 },
      { word: 'posset', total_reviews: 1 },
    ]);

    const draft = { ...renamed, isPublished: false };
    expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload: draft }));
    expect(await postings(id)).toEqual([]);
    expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, { jar: author.jar, payload: renamed }));
    expect(await postings(id)).toHaveLength(2);

    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }));
    expect(await postings(id)).toEqual([]);
  });
});

describe('correctWords', () => {
  it('gives each word its nearest title words, and none for a word like no title word', async () => {
    const [bread, nothing] = await correctWords(run, ['bred', 'zzqx']);
    expect(bread?.[0]).toBe('bread');
    expect(nothing).toEqual([]);
  });
});
