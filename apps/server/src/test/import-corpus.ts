import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportedRecipe } from '@forkful/contracts';
import { decodeHTML } from 'entities';

/*
 * The shared import corpus (issue 21): 31 saved pages with what recipe-scrapers 15.12.0 read from them. The pages are
 * other sites' content, read from ../shared at run time and never copied into this repository (its README has the
 * licence and the comparison rules that `compareStrict` follows).
 */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const corpusDir = path.resolve(repoRoot, '../shared/import-corpus');
export const corpusPresent = existsSync(path.join(corpusDir, 'cases.json'));

export interface CorpusCase {
  site: string;
  html: string;
  expected: string;
  url: string | null;
  syntax: string;
}

export interface Expected {
  title: string;
  ingredients: string[];
  instructions_list: string[];
  total_time: number | null;
  prep_time: number | null;
  cook_time: number | null;
  yields: string | null;
  image: string | null;
  canonical_url: string | null;
}

export function corpusCases(): CorpusCase[] {
  return (JSON.parse(readFileSync(path.join(corpusDir, 'cases.json'), 'utf8')) as { cases: CorpusCase[] }).cases;
}

export const readPage = (entry: CorpusCase) => readFileSync(path.join(corpusDir, entry.html), 'utf8');
export const readExpected = (entry: CorpusCase) =>
  JSON.parse(readFileSync(path.join(corpusDir, entry.expected), 'utf8')) as Expected;

/** The README's normalisation, applied to both sides: entities decoded, tags stripped, whitespace collapsed. */
export function normalise(text: string): string {
  return decodeHTML(text.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** recipe-scrapers writes '((x))' as '(x)' (madsvin.com): the README's one allowed ingredient difference. */
const parens = (text: string) => text.replace(/\(\(/g, '(').replace(/\)\)/g, ')');

/**
 * The README's strict rules: title; ingredients (same list, same order); steps (expected lines less the heading
 * lines, i.e. the page's HowToSection and HowToStep names); prep, cook and total time (total being prep + cook where
 * the page gives no total: the preview's `cookingTime`); the main image (or another candidate of the same field).
 * Answers the list of differences, empty when the case passes.
 */
export function compareStrict(recipe: ImportedRecipe, headings: string[], expected: Expected): string[] {
  const misses: string[] = [];
  if (normalise(recipe.title) !== normalise(expected.title))
    misses.push(`title: ${JSON.stringify(recipe.title)} ≠ ${JSON.stringify(expected.title)}`);
  const ours = recipe.ingredients.map((line) => parens(normalise(line)));
  const theirs = expected.ingredients.map((line) => parens(normalise(line))).filter((line) => line !== '');
  if (JSON.stringify(ours) !== JSON.stringify(theirs))
    misses.push(`ingredients: ${JSON.stringify(ours)} ≠ ${JSON.stringify(theirs)}`);
  const headingSet = new Set(headings.map(normalise));
  const expectedSteps = expected.instructions_list
    .map(normalise)
    .filter((line) => line !== '' && !headingSet.has(line));
  const steps = recipe.steps.map(normalise);
  if (JSON.stringify(steps) !== JSON.stringify(expectedSteps))
    misses.push(`steps: ${JSON.stringify(steps)} ≠ ${JSON.stringify(expectedSteps)}`);
  const times: [string, number | null, number | null][] = [
    ['prep', recipe.prepTime, expected.prep_time],
    ['cook', recipe.cookTime, expected.cook_time],
    ['total', recipe.cookingTime, expected.total_time],
  ];
  for (const [name, got, want] of times) {
    if ((got ?? null) !== (want || null)) misses.push(`${name} time: ${got} ≠ ${want}`);
  }
  if (expected.image && recipe.imageUrls[0] !== expected.image && !recipe.imageUrls.includes(expected.image))
    misses.push(`image: ${JSON.stringify(recipe.imageUrls)} ∌ ${expected.image}`);
  return misses;
}

/** The README's loose yield check: a servings count found where the expected yield is 'N servings'. */
export function compareYield(recipe: ImportedRecipe, expected: Expected): string | null {
  const match = /^(\d+) servings?$/.exec(expected.yields ?? '');
  if (!match) return null;
  return recipe.servings === null ? `servings: none found (expected yields '${expected.yields}')` : null;
}
