import { UNIT_CODES } from '@forkful/contracts';
import { describe, expect, test } from 'vitest';
import { parseIngredientLine, parseIngredientLines, readNumber } from './parse.js';

const read = (line: string) => {
  const { quantity, quantityMax, unit, food } = parseIngredientLine(line);
  return { quantity, quantityMax, unit, food };
};

describe('parseIngredientLine', () => {
  test.each([
    ['1 1/2 cups flour', 1.5, null, 'cup', 'flour'],
    ['1½ cups sugar', 1.5, null, 'cup', 'sugar'],
    ['½–1 tsp salt', 0.5, 1, 'tsp', 'salt'],
    ['3 to 4 cloves garlic', 3, 4, 'clove', 'garlic'],
    ['1⁄2 cup milk', 0.5, null, 'cup', 'milk'],
    ['2 tbsp olive oil', 2, null, 'tbsp', 'olive oil'],
    ['4 oz cream cheese', 4, null, 'oz', 'cream cheese'],
    ['1 large egg', 1, null, null, 'large egg'],
  ])('what parse-ingredient reads: %s', (line, quantity, quantityMax, unit, food) => {
    expect(read(line)).toEqual({ quantity, quantityMax, unit, food });
  });

  test.each([
    // The library reads '1,5' as 15.
    ['1,5 dl grädde', 1.5, null, 'dl', 'grädde'],
    ['3,5 - 4 dl Gemüsebouillon', 3.5, 4, 'dl', 'Gemüsebouillon'],
    ['1,000 g flour', 1000, null, 'g', 'flour'],
    // Dual units: the first measure counts, the second is a note.
    ['300g/10½oz plain flour', 300, null, 'g', 'plain flour'],
    ['1 1/2 cups/190 grams flour', 1.5, null, 'cup', 'flour'],
    ['1 cup (240 ml) water', 1, null, 'cup', 'water'],
    // Package sizes: two cans, not two ounces.
    ['2 (14-ounce) cans tomatoes', 2, null, 'can', 'tomatoes'],
    ['1 15.5 -Ounce Can Chickpeas', 1, null, 'can', 'Chickpeas'],
    ['1 (15 to 16-ounce) container ricotta', 1, null, 'package', 'ricotta'],
    ['a pinch of salt', 1, null, 'pinch', 'salt'],
    ['Pinch of salt', null, null, 'pinch', 'salt'],
    ['salt to taste', null, null, null, 'salt'],
    ['4-5 tablespoon(s) olive oil', 4, 5, 'tbsp', 'olive oil'],
    ['2 tsps Honey', 2, null, 'tsp', 'Honey'],
    ['1 1/2 kilo chicken', 1.5, null, 'kg', 'chicken'],
    ['2 EL Öl', 2, null, 'tbsp', 'Öl'],
    ['2 TL Zucker', 2, null, 'tsp', 'Zucker'],
    ['1 c. à soupe de sucre', 1, null, 'tbsp', 'sucre'],
    ['2 c.s. de farine', 2, null, 'tbsp', 'farine'],
    ['2 cucchiai di olio', 2, null, 'tbsp', 'olio'],
    ['4-5 cucchiaini di miele', 4, 5, 'tsp', 'miele'],
    ['160 gr spaghetti', 160, null, 'g', 'spaghetti'],
    ['3 colheres de sopa de manteiga', 3, null, 'tbsp', 'manteiga'],
    ['1,5 çay kaşığı tuz', 1.5, null, 'tsp', 'tuz'],
    ['20 dkg cukor', 20, null, 'dkg', 'cukor'],
    ['玉ねぎ 2個', 2, null, 'piece', '玉ねぎ'],
    ['カレー粉 大さじ1と1/2', 1.5, null, 'tbsp', 'カレー粉'],
  ])('what this module adds: %s', (line, quantity, quantityMax, unit, food) => {
    expect(read(line)).toEqual({ quantity, quantityMax, unit, food });
  });

  test('keeps the line as written, and puts what is not the food in the note', () => {
    expect(parseIngredientLine('2 (14-ounce) cans tomatoes, drained')).toEqual({
      text: '2 (14-ounce) cans tomatoes, drained',
      quantity: 2,
      quantityMax: null,
      unit: 'can',
      food: 'tomatoes',
      note: 'drained; 14 ounce',
      isHeading: false,
    });
    expect(parseIngredientLine('Salt and Pepper, to taste').note).toBe('to taste');
  });

  test('headings become sections', () => {
    for (const line of ['For the sauce:', 'Topping:', 'For the icing']) {
      expect(parseIngredientLine(line)).toMatchObject({ isHeading: true, quantity: null, unit: null });
    }
    expect(parseIngredientLine('Optional: truffle oil').isHeading).toBe(false);
  });

  test('a line it cannot read keeps its text and gets no quantity', () => {
    for (const line of [
      '',
      '   ',
      'Salt',
      'バター 大さじ2+大さじ3(60g)',
      '塩 小さじ(1〜)2弱',
      '0 eggs',
      '1/0 cup milk',
    ]) {
      const parsed = parseIngredientLine(line);
      expect(parsed.text).toBe(line);
      expect(parsed.quantity).toBeNull();
    }
  });

  test('reads a long line by its head, keeps the rest as food and note, and stays fast on hostile lines', () => {
    const long = `2 cups flour, ${'sifted twice '.repeat(30)}`.trim();
    expect(parseIngredientLine(long)).toMatchObject({ quantity: 2, unit: 'cup', food: 'flour' });
    expect(parseIngredientLine(long).note).toContain('sifted twice sifted');
    const hostile = [
      '1' + ' '.repeat(498) + 'x',
      '½'.repeat(500),
      '1 ('.repeat(166),
      '1 '.repeat(250),
      '1/'.repeat(250),
    ];
    const started = performance.now();
    for (let round = 0; round < 40; round++) for (const line of hostile) parseIngredientLine(line);
    // 200 such lines are what one public call may send; well under a second even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('every unit it answers is in the contract table, for any of 2000 odd lines', () => {
    const pieces = [
      '1',
      '½',
      '2,5',
      '3-4',
      'a',
      'cup',
      'EL',
      'c. à s.',
      'g',
      '(',
      ')',
      '/',
      'of',
      'salt',
      ':',
      '大さじ',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const lines = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 6) }, () => pieces[Math.floor(random() * pieces.length)]).join(
        ' ',
      ),
    );
    for (const parsed of parseIngredientLines(lines)) {
      if (parsed.unit !== null) expect(UNIT_CODES).toContain(parsed.unit);
      if (parsed.quantity !== null) expect(Number.isFinite(parsed.quantity) && parsed.quantity > 0).toBe(true);
      if (parsed.quantityMax !== null) expect(parsed.quantityMax).toBeGreaterThan(parsed.quantity ?? -Infinity);
    }
  });
});

test('readNumber', () => {
  expect(readNumber('1 1/2')).toBe(1.5);
  expect(readNumber('1½')).toBe(1.5);
  expect(readNumber('2,5')).toBe(2.5);
  expect(readNumber('1/0')).toBeUndefined();
  expect(readNumber('abc')).toBeUndefined();
});
