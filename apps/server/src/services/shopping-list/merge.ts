import { type ParsedIngredient, unitInfo } from '@forkful/contracts';
import pluralize from 'pluralize-esm';
import { foodWords } from './aisles.js';

/*
 * The arithmetic of the shopping list (issue 18, docs/decisions/024). A recipe line becomes a share of one list
 * line: lines with the same food and the same kind of unit share a merge key and add up in the kind's base unit
 * (grams for masses, millilitres for volumes, the unit itself for counted units, the bare number for no unit).
 * Different kinds never mix ('200 g butter' and '2 tbsp butter' stay two lines); a line the parser did not
 * understand (no food, or a unit code outside the table) has no key and stays as written.
 */

/** One recipe line's share, scaled to the servings planned. */
export interface Share {
  /** null: this line stands alone, as written. */
  mergeKey: string | null;
  /** In the kind's base unit; null when the line has no quantity. */
  amount: number | null;
  /** The unit code the recipe wrote (the line shows the largest one of its shares). */
  unit: string | null;
  /** The food as the recipe wrote it (what the line shows). */
  food: string | null;
  /** The line's text when it has no key (as written). */
  text: string;
}

/** Whatever a list line shows, worked out from its key and the sum of its shares. */
export interface LineDisplay {
  text: string;
  quantity: number | null;
  unit: string | null;
}

const TEXT_MAX = 600;

export function foodKey(food: string): string {
  return foodWords(food).join(' ');
}

/**
 * The share a parsed line gives at `factor` times the recipe (planned servings / recipe servings). A range
 * ('3 to 4 apples') counts its upper end: better one apple left over than one missing in the shop.
 */
export function shareOf(line: ParsedIngredient, factor: number): Share | null {
  if (line.isHeading) return null;
  const food = line.food?.trim() || null;
  const key = food ? foodKey(food) : '';
  const written = line.quantityMax ?? line.quantity;
  const asWritten: Share = { mergeKey: null, amount: null, unit: null, food, text: line.text.trim() };
  if (!food || key === '') return asWritten;
  if (written === null) {
    // 'salt to taste', 'crusty bread, to serve': nothing to add up, so the line keeps its words as written, and
    // one such line per food is enough (the first one written).
    return line.unit === null ? { ...asWritten, mergeKey: `noqty|${key}` } : asWritten;
  }
  const scaled = written * factor;
  if (line.unit === null) return { mergeKey: `none|${key}`, amount: scaled, unit: null, food, text: '' };
  const info = unitInfo(line.unit);
  if (!info) return asWritten;
  if ((info.kind === 'mass' || info.kind === 'volume') && info.size !== null) {
    return { mergeKey: `${info.kind}|${key}`, amount: scaled * info.size, unit: info.code, food, text: '' };
  }
  return { mergeKey: `unit:${info.code}|${key}`, amount: scaled, unit: info.code, food, text: '' };
}

/** The unit of a mass or volume line: the largest one its shares were written in. */
export function largestUnit(units: readonly (string | null)[]): string | null {
  let best: { code: string; size: number } | null = null;
  for (const code of units) {
    const size = unitInfo(code)?.size;
    if (code && size != null && (!best || size > best.size)) best = { code, size };
  }
  return best?.code ?? units.find((code) => code !== null) ?? null;
}

/** A number as a list shows it: at most two decimals, no trailing zeros. */
export function roundQuantity(value: number): number {
  return Math.round(value * 100) / 100;
}

function written(quantity: number): string {
  return String(roundQuantity(quantity));
}

/** What a merged line shows: its quantity in its unit and a text such as '1.5 kg flour' or '3 eggs'. */
export function displayOf(mergeKey: string, amount: number | null, unit: string | null, food: string): LineDisplay {
  const kind = mergeKey.slice(0, mergeKey.indexOf('|'));
  if (amount === null || kind === 'noqty') return { text: clip(food), quantity: null, unit: null };
  if (kind === 'none') {
    // '1 banana' seven times at half the servings: '3.5 bananas'.
    const counted = pluralize(food, roundQuantity(amount) === 1 ? 1 : 2);
    return { text: clip(`${written(amount)} ${counted}`), quantity: roundQuantity(amount), unit: null };
  }
  const info = unitInfo(unit);
  if (!info) return { text: clip(`${written(amount)} ${food}`), quantity: roundQuantity(amount), unit: null };
  const quantity = info.size !== null && (kind === 'mass' || kind === 'volume') ? amount / info.size : amount;
  const label = roundQuantity(quantity) === 1 ? info.singular : info.plural;
  return { text: clip(`${written(quantity)} ${label} ${food}`), quantity: roundQuantity(quantity), unit: info.code };
}

function clip(text: string): string {
  return text.length > TEXT_MAX ? text.slice(0, TEXT_MAX) : text;
}

/** The factor a planned entry scales its recipe by; 1 when either side has no servings count. */
export function scaleFactor(planned: number | null, recipeServings: number | null): number {
  return planned && recipeServings ? planned / recipeServings : 1;
}
