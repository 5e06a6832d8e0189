import { formatQuantity } from 'format-quantity';

/*
 * Numbers as a cook measures them. US measures and counts are written as fractions a cup, spoon or hand can measure
 * (eighths and thirds; halves from ten up, wholes from twenty); metric amounts as decimals on the marks of a scale
 * or a jug (no '236.588 ml': 240 ml).
 */

/**
 * The fractions each measure comes in: cups in halves, thirds and quarters, tablespoons in halves, teaspoons down to
 * eighths, ounces in halves (quarters under one), pounds in quarters; counts and the rest in eighths and thirds.
 */
function denominatorsOf(value: number, unit: string | null): readonly number[] {
  switch (unit) {
    case 'cup':
    case 'pt':
    case 'qt':
    case 'gal':
    case 'fl oz':
      return value < 0.25 ? [8] : [2, 3, 4];
    case 'tbsp':
      return value < 1 ? [4] : [2];
    case 'oz':
      return value < 1 ? [4] : [2];
    case 'lb':
      return [4];
    default:
      return [3, 8];
  }
}

/** The nearest amount a set of cups and spoons can measure (or a count can be split into). */
export function roundToFraction(value: number, unit: string | null = null): number {
  if (value <= 0) return 0;
  if (value >= 20) return Math.round(value);
  if (value >= 10) return Math.round(value * 2) / 2;
  if (value < 1 / 8 && unit !== 'tbsp' && unit !== 'oz') return Math.max(1 / 16, Math.round(value * 16) / 16);
  let best = Math.round(value);
  for (const denominator of denominatorsOf(value, unit)) {
    const candidate = Math.round(value * denominator) / denominator;
    if (Math.abs(candidate - value) < Math.abs(best - value)) best = candidate;
  }
  return best === 0 ? 1 / Math.max(...denominatorsOf(value, unit)) : best;
}

/** Grams on a kitchen scale: halves below 10 g, whole grams to 100 g, then fives and tens. */
export function roundGrams(grams: number): number {
  const step = grams < 10 ? 0.5 : grams < 100 ? 1 : grams < 1000 ? 5 : 10;
  return Math.round(grams / step) * step;
}

/** Millilitres on a measuring jug: fives to 100 ml, tens to a litre, then fifties. */
export function roundMillilitres(millilitres: number): number {
  const step = millilitres < 10 ? 1 : millilitres < 100 ? 5 : millilitres < 1000 ? 10 : 50;
  return Math.round(millilitres / step) * step;
}

/** '1 ½', '⅓', '12'. */
export function formatFraction(value: number, unit: string | null = null): string {
  const rounded = roundToFraction(value, unit);
  if (rounded === 0) return '0';
  return formatQuantity(rounded, { vulgarFractions: true, separator: ' ' }) ?? String(rounded);
}

/** '1.25', '240', '0.5': at most two decimals, none trailing. */
export function formatDecimal(value: number): string {
  return String(Number(value.toFixed(2)));
}
