import { describe, expect, it } from 'vitest';
import { formatFraction } from './amount-format';
import { formatHalves } from './halves';
import { MAX_SERVINGS } from './use-recipe-scale';

describe('formatHalves', () => {
  it('writes every amount the page holds (halves up to the limit) exactly as formatFraction does', () => {
    for (let half = 1; half <= MAX_SERVINGS * 2; half += 1) {
      expect(formatHalves(half / 2)).toBe(formatFraction(half / 2));
    }
    expect([0.5, 1, 2.5, 19.5, 20.5, 3].map(formatHalves)).toEqual(['½', '1', '2 ½', '19 ½', '21', '3']);
  });
});
