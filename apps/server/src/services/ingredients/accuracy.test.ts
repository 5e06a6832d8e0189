import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import expectations from './accuracy-expectations.json' with { type: 'json' };
import { parseIngredientLine } from './parse.js';

/*
 * The parser's accuracy over every ingredient line of the shared import corpus and the demo recipes, against the
 * hand-checked parses in accuracy-expectations.json (docs/ingredient-parsing.md has the figures). The corpus is
 * other sites' content: it is read from ../shared at run time and never copied into the repository.
 */

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/import-corpus');
const demoDir = path.join(repoRoot, 'packages/demo-content/content/recipes');

type Expected = [number | null, number | null, string | null, string | null];
type Line = { key: string; group: 'corpus, English' | 'corpus, other languages' | 'demo (English)'; text: string };

function corpusLines(): Line[] {
  const { cases } = JSON.parse(readFileSync(path.join(corpusDir, 'cases.json'), 'utf8')) as {
    cases: { expected: string; language: string | null }[];
  };
  return cases.flatMap(({ expected, language }) => {
    const name = path.basename(expected, '.json');
    const { ingredients = [] } = JSON.parse(readFileSync(path.join(corpusDir, expected), 'utf8')) as {
      ingredients?: string[];
    };
    const group = language?.startsWith('en') ? 'corpus, English' : 'corpus, other languages';
    return ingredients.map((text, index) => ({ key: `${name}#${index}`, group, text }) as Line);
  });
}

function demoLines(): Line[] {
  return readdirSync(demoDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (
        JSON.parse(readFileSync(path.join(demoDir, file), 'utf8')) as { title: string; ingredients: string[] }[]
      ).flatMap((recipe) =>
        recipe.ingredients.map(
          (text, index) => ({ key: `${recipe.title}#${index}`, group: 'demo (English)', text }) as Line,
        ),
      ),
    );
}

const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 0.01);

function score(lines: Line[], table: Record<string, Expected>) {
  const groups = new Map<string, { lines: number; quantity: number; unit: number; both: number; food: number }>();
  const misses: string[] = [];
  const invented: string[] = [];
  for (const line of lines) {
    const expected = table[line.key];
    if (!expected) continue;
    const [quantity, quantityMax, unit, food] = expected;
    const read = parseIngredientLine(line.text);
    const group = groups.get(line.group) ?? { lines: 0, quantity: 0, unit: 0, both: 0, food: 0 };
    const quantityRight = close(read.quantity, quantity) && close(read.quantityMax, quantityMax);
    const unitRight = read.unit === unit;
    const foodRight = food === null ? read.food === null : (read.food ?? '').toLowerCase().includes(food);
    group.lines += 1;
    group.quantity += Number(quantityRight);
    group.unit += Number(unitRight);
    group.both += Number(quantityRight && unitRight);
    group.food += Number(foodRight);
    groups.set(line.group, group);
    if (quantity === null && read.quantity !== null) invented.push(line.key);
    if (!quantityRight || !unitRight || !foodRight) {
      misses.push(
        `${line.key}: got [${read.quantity}, ${read.quantityMax}, ${read.unit}] want [${expected.join(', ')}]`,
      );
    }
  }
  return { groups, misses, invented };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

function report(groups: Map<string, { lines: number; quantity: number; unit: number; both: number; food: number }>) {
  const rows = [...groups].map(
    ([name, g]) =>
      `| ${name} | ${g.lines} | ${percent(g.quantity, g.lines)} | ${percent(g.unit, g.lines)} | ` +
      `${percent(g.both, g.lines)} | ${percent(g.food, g.lines)} |`,
  );
  return [
    '| Lines | Checked | Quantity | Unit | Quantity and unit | Food |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

describe('ingredient parser accuracy', () => {
  test('the demo recipes: every line checked, quantity and unit right on at least 95%, no quantity invented', () => {
    const { groups, misses, invented } = score(demoLines(), expectations.demo as unknown as Record<string, Expected>);
    console.info(`${report(groups)}\n${misses.join('\n')}`);
    const demo = groups.get('demo (English)');
    expect(demo?.lines).toBeGreaterThanOrEqual(300);
    expect(demo!.both / demo!.lines).toBeGreaterThanOrEqual(0.95);
    expect(invented).toEqual([]);
  });

  const corpusPresent = existsSync(corpusDir);
  test.skipIf(!corpusPresent)(
    corpusPresent
      ? 'the import corpus: English quantity and unit right on at least 95%, no quantity invented'
      : 'the import corpus: SKIPPED, ../shared/import-corpus is absent (it is read from there, never copied here)',
    () => {
      const lines = corpusLines();
      const table = expectations.corpus as unknown as Record<string, Expected>;
      expect(lines.filter((line) => table[line.key]).length).toBeGreaterThanOrEqual(150);
      const { groups, misses, invented } = score(lines, table);
      console.info(`${report(groups)}\nmisses:\n${misses.join('\n')}`);
      const english = groups.get('corpus, English');
      expect(english!.both / english!.lines).toBeGreaterThanOrEqual(0.95);
      expect(invented).toEqual([]);
    },
  );
});
