import { describe, expect, test } from 'vitest';
import {
  compareStrict,
  compareYield,
  corpusCases,
  corpusPresent,
  readExpected,
  readPage,
} from '../../test/import-corpus.js';
import { extractRecipe } from './extract.js';

describe.skipIf(!corpusPresent)('the import corpus through the extractor (pasted page, no address)', () => {
  test('meets the strict rules on at least 30 of 31 cases; every miss is named', () => {
    const cases = corpusCases();
    const misses: string[] = [];
    const loose: string[] = [];
    for (const entry of cases) {
      const extraction = extractRecipe(readPage(entry), null);
      if (!extraction) {
        misses.push(`${entry.site}: no recipe found`);
        continue;
      }
      const expected = readExpected(entry);
      const differences = compareStrict(extraction.recipe, extraction.headings, expected);
      if (differences.length) misses.push(`${entry.site}: ${differences.join('; ')}`);
      const yieldMiss = compareYield(extraction.recipe, expected);
      if (yieldMiss) loose.push(`${entry.site}: ${yieldMiss}`);
    }
    console.info(
      `strict: ${cases.length - misses.length}/${cases.length}\n${misses.join('\n')}\nloose:\n${loose.join('\n')}`,
    );
    expect(cases).toHaveLength(31);
    expect(cases.length - misses.length).toBeGreaterThanOrEqual(30);
  });
});
