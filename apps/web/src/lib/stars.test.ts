import { describe, expect, it } from 'vitest';
import { ratingAfterKey, starParts } from './stars';

describe('starParts (spec section 9)', () => {
  it.each([
    [0, 0, false, 5],
    [1, 1, false, 4],
    [2.4, 2, false, 3],
    [2.49, 2, false, 3],
    [2.5, 2, true, 2],
    [3.75, 3, true, 1],
    [4.5, 4, true, 0],
    [4.99, 4, true, 0],
    [5, 5, false, 0],
  ])('%s → %i full, half %s, %i empty', (rating, full, half, empty) => {
    expect(starParts(rating)).toEqual({ full, half, empty });
  });

  it('keeps odd input inside five stars', () => {
    expect(starParts(7)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: false, empty: 5 });
  });
});

describe('ratingAfterKey (WAI-ARIA radio group, stars read left to right)', () => {
  it.each([
    [1, 'ArrowRight', 2],
    [2, 'ArrowRight', 3],
    [4, 'ArrowDown', 5],
    [5, 'ArrowRight', 1],
    [3, 'ArrowLeft', 2],
    [2, 'ArrowUp', 1],
    [1, 'ArrowLeft', 5],
    [4, 'Home', 1],
    [2, 'End', 5],
  ])('from %i star(s), %s goes to %i', (focused, key, expected) => {
    expect(ratingAfterKey(focused, key)).toBe(expected);
  });

  it('ignores keys that do not move a rating', () => {
    expect(ratingAfterKey(3, 'Tab')).toBeNull();
    expect(ratingAfterKey(3, 'a')).toBeNull();
  });
});
