import { cleanText } from './text.js';

/** Words after a number that say it is an amount of food, not a count of servings ('5 cups (about 120 crackers)'). */
const MEASURES =
  /^(cups?|c\.|tablespoons?|tbsps?|teaspoons?|tsps?|quarts?|qts?|pints?|pts?|gallons?|liters?|litres?|l|ml|dl|cl|g|grams?|kg|kilos?|oz|ounces?|lbs?|pounds?|inch(es)?|cm|mm|-?inch|-?cm)\b/iu;

export interface YieldReading {
  servings: number | null;
  yieldText: string | null;
}

/** The values a recipeYield may hold (a number, a text, a list of both, a QuantitativeValue), as texts. */
function yieldTexts(value: unknown, depth = 0): string[] {
  if (depth > 4 || value === null || value === undefined) return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (typeof value === 'string') {
    const text = cleanText(value)
      .replace(/\b(undefined|null|NaN)\b/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    return text === '' ? [] : [text];
  }
  if (Array.isArray(value)) return value.slice(0, 10).flatMap((item) => yieldTexts(item, depth + 1));
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const amount = yieldTexts(record.value ?? record.minValue, depth + 1)[0];
    const unit = yieldTexts(record.unitText ?? record.unitCode, depth + 1)[0];
    if (amount) return [unit ? `${amount} ${unit}` : amount];
  }
  return [];
}

/** The servings a yield text counts, or null where it counts something else or nothing. */
export function servingsOf(text: string): number | null {
  const match =
    /^(?:serves|servings?|makes|yields?|portions?|for|about|approx\.?|ca\.?|environ|für|per)?\s*:?\s*(\d{1,4})(?:\s*(?:-|–|—|to|bis|à|a|til|ou)\s*\d{1,4})?\s*(.*)$/iu.exec(
      text.trim(),
    );
  if (!match) return null;
  const count = Number(match[1]);
  const rest = (match[2] ?? '').trim();
  if (MEASURES.test(rest)) return null;
  if (!Number.isInteger(count) || count < 1 || count > 100) return null;
  return count;
}

/**
 * recipeYield read for the form: servings where it is a count (the first count in '8 - 10 serving(s)', '4人分',
 * '12 personnes', ['24', '24 cookies']), and the most telling text as written (the longest of the values, so
 * '24 cookies' rather than '24'). A bare number keeps no text: the servings say it all.
 */
export function readYield(value: unknown): YieldReading {
  const texts = yieldTexts(value);
  if (texts.length === 0) return { servings: null, yieldText: null };
  let servings: number | null = null;
  for (const text of texts) {
    servings = servingsOf(text);
    if (servings !== null) break;
  }
  const longest = texts.reduce((best, text) => (text.length > best.length ? text : best), '');
  const yieldText = /^\d+$/.test(longest) ? null : longest.slice(0, 100);
  return { servings, yieldText };
}
