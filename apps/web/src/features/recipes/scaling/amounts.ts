import { unitInfo, type ParsedIngredient } from '@forkful/contracts';
import pluralize from 'pluralize-esm';
import { formatDecimal, formatFraction, roundGrams, roundMillilitres } from './amount-format';
import { densityOf } from './density';
import type { UnitSystem } from './unit-system';

/** How much of something a line asks for: a quantity or a range, in a unit code of the contracts' table (or none). */
export interface Amount {
  quantity: number;
  quantityMax: number | null;
  unit: string | null;
}

const METRIC_UNITS: ReadonlySet<string> = new Set(['mg', 'g', 'kg', 'ml', 'cl', 'dl', 'l']);
const SPOONS: ReadonlySet<string> = new Set(['tsp', 'tbsp']);
/** Up to four tablespoons a cook reaches for a spoon, in either system; above that, a cup or a jug. */
const SPOON_LIMIT_ML = 4 * 14.8;

export function scaleAmount(amount: Amount, factor: number): Amount {
  return {
    quantity: amount.quantity * factor,
    quantityMax: amount.quantityMax === null ? null : amount.quantityMax * factor,
    unit: amount.unit,
  };
}

/** The same amount in another unit of the table: `size` of the new unit is in grams or millilitres, as the old's. */
function inUnit(amount: Amount, base: number, unit: string): Amount {
  const size = unitInfo(unit)?.size ?? 1;
  const ratio = amount.quantityMax === null ? null : amount.quantityMax / amount.quantity;
  const quantity = base / size;
  return { quantity, quantityMax: ratio === null ? null : quantity * ratio, unit };
}

const metricMass = (amount: Amount, grams: number) => inUnit(amount, grams, grams >= 1000 ? 'kg' : 'g');
const metricVolume = (amount: Amount, ml: number) => inUnit(amount, ml, ml >= 1000 ? 'l' : 'ml');
const usMass = (amount: Amount, grams: number) => inUnit(amount, grams, grams >= 453.59237 ? 'lb' : 'oz');
const usVolume = (amount: Amount, ml: number) => inUnit(amount, ml, ml < 14.5 ? 'tsp' : ml < 59 ? 'tbsp' : 'cup');

/**
 * The amount in the reader's system. Volumes stay volumes and weights stay weights, except for a food whose density
 * the table knows: metric cooks weigh flour, sugar and butter, US cooks measure them in cups. Small spoon measures
 * stay spoons either way; a unit without a fixed size (a pinch, a clove, a can) and a line with no unit stay as they
 * are.
 */
export function convertAmount(amount: Amount, food: string | null, system: UnitSystem): Amount {
  const info = unitInfo(amount.unit);
  if (!info || info.size === null) return amount;
  // As written, a metric amount still reads as a cook would say it once scaled: 1.6 kg, not 1600 g.
  if (system === 'original') {
    const base = amount.quantity * info.size;
    if (info.code === 'g' && base >= 1000) return metricMass(amount, base);
    if (info.code === 'ml' && base >= 1000) return metricVolume(amount, base);
    return amount;
  }
  if (info.kind !== 'mass' && info.kind !== 'volume') return amount;
  const base = amount.quantity * info.size;
  if (SPOONS.has(info.code) && base <= SPOON_LIMIT_ML) return amount;
  const density = densityOf(food);
  if (system === 'metric') {
    if (info.kind === 'mass') return metricMass(amount, base);
    if (density?.metric === 'mass') return metricMass(amount, base * density.gramsPerMl);
    return metricVolume(amount, base);
  }
  if (info.kind === 'volume')
    return METRIC_UNITS.has(info.code) || SPOONS.has(info.code) ? usVolume(amount, base) : amount;
  if (!METRIC_UNITS.has(info.code)) return amount;
  return density ? usVolume(amount, base / density.gramsPerMl) : usMass(amount, base);
}

/** A number as a cook measures it in that unit: metric on the marks of a scale or a jug, the rest as fractions. */
export function measure(value: number, unit: string | null): number {
  const info = unitInfo(unit);
  if (!info || info.size === null || !METRIC_UNITS.has(info.code)) return value;
  if (info.code === 'mg') return Math.round(value);
  const base = value * info.size;
  return (info.kind === 'mass' ? roundGrams(base) : roundMillilitres(base)) / info.size;
}

export function formatValue(value: number, unit: string | null): string {
  return METRIC_UNITS.has(unit ?? '') ? formatDecimal(measure(value, unit)) : formatFraction(value, unit);
}

/** '1 ½ cups', '240 ml', '2–3'. */
export function formatAmount(amount: Amount): string {
  const low = formatValue(amount.quantity, amount.unit);
  const high = amount.quantityMax === null ? null : formatValue(amount.quantityMax, amount.unit);
  const numbers = high === null || high === low ? low : `${low}–${high}`;
  const info = unitInfo(amount.unit);
  if (!amount.unit) return numbers;
  if (!info) return `${numbers} ${amount.unit}`;
  const top = amount.quantityMax ?? amount.quantity;
  return `${numbers} ${top > 1 ? info.plural : info.singular}`;
}

/** A line that opens with its quantity ('1 ½ cups…', '½ tsp…', 'a pinch…'), which can be written again from its parts. */
const OPENS_WITH_QUANTITY = /^\s*(?:[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|an?\s)/i;
const HAS_DIGIT = /\d/;
/** Numbers in a note that do not grow with the recipe: times, sizes, percentages ('soaked for 30 minutes'). */
const FIXED_NUMBER =
  /\d+(?:[.,]\d+)?\s?-?(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|percent|%|cm|mm|inch(?:es)?|°[CF]?)/gi;

/** 'onion' → 'onions' when one becomes two, 'eggs' → 'egg' when two become one (the last word of the food). */
function countedFood(food: string, written: number, shown: number): string {
  const one = (value: number) => value <= 1;
  if (one(written) === one(shown)) return food;
  return food.replace(/([\p{L}-]+)$/u, (word) => (one(shown) ? pluralize.singular(word) : pluralize.plural(word)));
}

/**
 * One ingredient line as the reader asked for it: scaled by `factor` and in their unit system. A line with no
 * quantity, a heading, and a line that nothing changes are shown exactly as written. A line that cannot be written
 * again from its parts without losing a number ('Juice of 1 lemon', '1 egg, plus 4 yolks') keeps its words and says
 * how much to multiply it by: never a wrong number.
 */
export function presentIngredient(line: ParsedIngredient, factor: number, system: UnitSystem): string {
  if (line.isHeading || line.quantity === null) return line.text;
  const written: Amount = { quantity: line.quantity, quantityMax: line.quantityMax, unit: line.unit };
  const rewritable =
    OPENS_WITH_QUANTITY.test(line.text) &&
    !HAS_DIGIT.test(line.food ?? '') &&
    !HAS_DIGIT.test((line.note ?? '').replace(FIXED_NUMBER, ''));
  if (!rewritable) return factor === 1 ? line.text : `${line.text} (×${formatFraction(factor)})`;
  const scaled = factor === 1 ? written : scaleAmount(written, factor);
  const shown = convertAmount(scaled, line.food, system);
  if (factor === 1 && shown === written) return line.text;
  const food =
    line.food && line.unit === null
      ? countedFood(line.food, line.quantityMax ?? line.quantity, shown.quantityMax ?? shown.quantity)
      : line.food;
  const rest = [food, line.note].filter((part): part is string => Boolean(part)).join(', ');
  return rest ? `${formatAmount(shown)} ${rest}` : formatAmount(shown);
}
