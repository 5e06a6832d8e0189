import { isSectionHeading, type ParsedIngredient, type UnitCode } from '@forkful/contracts';
import { parseIngredient, type ParseIngredientOptions } from 'parse-ingredient';
import { LIBRARY_UNIT_CODES, leadingUnit } from './unit-aliases.js';

/*
 * Reads an ingredient line into quantity, unit, food and note (issue 17, docs/ingredient-parsing.md). The
 * quantity and the English units come from parse-ingredient; around it, this module rewrites what the library
 * misreads (a decimal comma read as 15 in '1,5 dl', 'c. à soupe' read as a cup), takes out what it cannot read
 * (a second measure after '/', a package size in '2 (14-ounce) cans') into the note, and reads the units it does
 * not know from unit-aliases.ts. When in doubt the line keeps no quantity: a missing number only stops a line from
 * scaling, a wrong one spoils the dish.
 */

const FRACTION_CHARS = '½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞';
const FRACTION_VALUES: Record<string, number> = {
  '½': 1 / 2,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
};
/** One written quantity: '2', '1.5', '1 1/2', '1½', '½', '3/4', '1⁄3'. */
const NUM = `(?:\\d+(?:\\.\\d+)?(?:\\s+\\d+\\s*[/⁄]\\s*\\d+|\\s*[${FRACTION_CHARS}])?|\\d+\\s*[/⁄]\\s*\\d+|[${FRACTION_CHARS}])`;
const RANGE = `${NUM}(?:\\s*(?:-|–|to)\\s*${NUM})?`;

const LIBRARY_OPTIONS: ParseIngredientOptions = {
  // Sizes stay in the food ('1 large egg' is one egg, not one "large").
  ignoreUOMs: ['large', 'medium', 'small', 'c'],
  descriptionStripPrefixes: ['of', 'de', 'di', 'da', /d['’]\s*/iu],
  rangeSeparators: ['to', 'or', 'bis', 'à'],
  leadingQuantityPrefixes: ['approximately', 'approx.', 'about', 'circa', 'ca.', 'etwa', '~'],
};

const CJK = /[\u3040-\u30ff\u3400-\u9fff]/u;
const HEAD_LENGTH = 80;

/** Words that say "no fixed amount"; kept as the note. */
const TO_TASTE =
  /(?:^|[\s,])(to taste|as needed|a gosto|q\.\s?b\.|nach geschmack|au goût|a piacere|al gusto|efter smag)\b/iu;

const PACKAGE_SIZE = new RegExp(
  `^(${NUM})\\s*\\(?\\s*~?\\s*(${RANGE})\\s*-?\\s*(ounces?|oz\\.?|grams?|g|ml|lbs?\\.?|pounds?)\\s*\\)?\\s*-?\\s*` +
    `(cans?|jars?|packages?|packets?|containers?|bags?|box(?:es)?|cartons?|tins?|bottles?)\\b`,
  'iu',
);
const DUAL_MEASURE = new RegExp(`^(${RANGE}\\s*[a-z][a-z.]*)\\s*/\\s*(${NUM}\\s*[a-z]+\\.?)(?=\\s|$)`, 'iu');
const FRENCH_SPOON = new RegExp(`^(${RANGE})\\s*(?:c\\.?\\s*à\\s*(s|c)(?:\\.|oupe|afé)?|c\\.(s|c)\\.)(?=\\s|$)`, 'iu');

export function emptyReading(text: string): ParsedIngredient {
  return { text, quantity: null, quantityMax: null, unit: null, food: null, note: null, isHeading: false };
}

/** '1 1/2' → 1.5, '1½' → 1.5, '2,5' → 2.5; undefined for anything else. */
export function readNumber(written: string): number | undefined {
  const text = written.trim().replace(',', '.').replace('⁄', '/');
  const mixed = /^(\d+(?:\.\d+)?)?\s*(?:(\d+)\s*\/\s*(\d+)|([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]))?$/u.exec(text);
  if (!mixed || text === '') return undefined;
  const [, whole, numerator, denominator, glyph] = mixed;
  let value = whole ? Number(whole) : 0;
  if (numerator && denominator) {
    if (Number(denominator) === 0) return undefined;
    value += Number(numerator) / Number(denominator);
  }
  if (glyph) value += FRACTION_VALUES[glyph] ?? 0;
  return Number.isFinite(value) ? value : undefined;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Food and note from what follows the unit: brackets, anything after the first comma and 'to taste' are notes. */
function splitDescription(description: string, notes: string[]): { food: string | null; note: string | null } {
  let rest = description.replace(/\((?:[^()]|\([^()]*\))*\)/gu, (bracket) => {
    notes.push(bracket.slice(1, -1).trim());
    return ' ';
  });
  const taste = TO_TASTE.exec(rest);
  if (taste?.[1]) {
    notes.push(taste[1]);
    rest = rest.slice(0, taste.index) + rest.slice(taste.index + taste[0].length);
  }
  const comma = rest.indexOf(',');
  if (comma >= 0) {
    notes.unshift(rest.slice(comma + 1).trim());
    rest = rest.slice(0, comma);
  }
  const food = rest
    .replace(/^\s*(?:of|de|di|da)\s+/iu, '')
    .replace(/[\s*,;:]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const note = notes
    .map((part) => part.replace(/\s+/gu, ' ').replace(/\s+,/gu, ',').trim())
    .filter((part) => part !== '')
    .join('; ');
  return { food: food === '' ? null : food, note: note === '' ? null : note };
}

const JAPANESE_SPOONS: Record<string, UnitCode> = { 大さじ: 'tbsp', 小さじ: 'tsp' };
const JAPANESE_UNITS: Record<string, UnitCode> = {
  g: 'g',
  kg: 'kg',
  ml: 'ml',
  cc: 'ml',
  cm: 'cm',
  個: 'piece',
  本: 'piece',
  枚: 'slice',
  缶: 'can',
  片: 'piece',
};

/** '玉ねぎ 2個', 'カレー粉 大さじ1と1/2': the food first, then the amount. */
function readJapanese(text: string, line: string): ParsedIngredient {
  const split = /^(.+?)[\s\u3000]+(\S+)$/u.exec(text);
  if (!split?.[1] || !split[2]) return { ...emptyReading(line), food: text };
  const [, food, amount] = split;
  const parts = /^(大さじ|小さじ)?(\d+(?:\.\d+)?(?:\/\d+)?)(?:と(\d+\/\d+))?(g|kg|ml|cc|cm|個|本|枚|缶|片)?(.*)$/u.exec(
    amount,
  );
  if (!parts) return { ...emptyReading(line), food, note: amount };
  const [, spoon, first, extra, suffix, rest = ''] = parts;
  const quantity = first ? readNumber(first) : undefined;
  const more = extra ? readNumber(extra) : 0;
  // '大さじ2+大さじ3' is a sum, and '2弱' "a little under 2": no single number says either.
  if (quantity === undefined || more === undefined || /^[+＋弱]/u.test(rest)) {
    return { ...emptyReading(line), food, note: amount };
  }
  const unit = (spoon && JAPANESE_SPOONS[spoon]) || (suffix && JAPANESE_UNITS[suffix]) || null;
  const note = rest.replace(/^[(（]|[)）]$/gu, '').trim();
  return { ...emptyReading(line), quantity: round(quantity + more), unit, food, note: note === '' ? null : note };
}

/** One line, read. Never throws: a line it cannot read comes back with its text and no quantity. */
export function parseIngredientLine(line: string): ParsedIngredient {
  // One space for any run: the patterns below then never try the many ways to split a long run of blanks.
  let text = line
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[♥♡＊*•·▪◦\-–—]+\s*/u, '')
    .trim();
  if (text === '') return emptyReading(line);
  if (isSectionHeading(text)) return { ...emptyReading(line), food: text.replace(/:$/u, '').trim(), isHeading: true };
  if (CJK.test(text)) return readJapanese(text, line);

  const notes: string[] = [];
  text = text
    // '1,5 dl': a decimal comma (the library reads 15); '1,000 g': a thousands separator.
    .replace(/(\d),(\d{3})(?!\d)/gu, '$1$2')
    .replace(/(\d),(\d{1,2})(?!\d)/gu, '$1.$2')
    .replace(/^(?:a|an|one)\s+(pinch|dash|handful|splash|sprig|few drops)\b/iu, '1 $1');
  text = text.replace(
    FRENCH_SPOON,
    (_match, quantity: string, s1?: string, s2?: string) =>
      `${quantity} ${(s1 ?? s2 ?? '').toLowerCase() === 's' ? 'tbsp' : 'tsp'}`,
  );
  text = text.replace(PACKAGE_SIZE, (_match, quantity: string, size: string, sizeUnit: string, container: string) => {
    notes.push(`${size.trim()} ${sizeUnit}`);
    return `${quantity} ${container}`;
  });
  text = text.replace(DUAL_MEASURE, (_match, first: string, second: string) => {
    notes.push(second.trim());
    return first;
  });

  // The quantity and unit are at the start: the library reads a head of the line and the rest is description. Its
  // cost grows faster than the line (40 ms for 500 fraction signs), and a public call takes 200 lines of 500.
  const cut = text.length > HEAD_LENGTH ? text.lastIndexOf(' ', HEAD_LENGTH) : -1;
  const head = cut > 0 ? text.slice(0, cut) : text.slice(0, HEAD_LENGTH);
  const tail = text.slice(head.length);
  let read;
  try {
    read = parseIngredient(head, LIBRARY_OPTIONS)[0];
  } catch {
    return emptyReading(line);
  }
  if (!read) return emptyReading(line);
  if (read.isGroupHeader) return { ...emptyReading(line), food: text.replace(/:$/u, '').trim(), isHeading: true };

  let quantity = read.quantity;
  let quantityMax = read.quantity2;
  let unit: UnitCode | null = null;
  let description = `${read.description}${tail}`;
  if (read.unitOfMeasureID) {
    const code = LIBRARY_UNIT_CODES[read.unitOfMeasureID];
    if (code) unit = code;
    else description = `${read.unitOfMeasure ?? ''} ${description}`;
  }
  description = description.replace(/^count\b\s*/iu, '');
  if (!unit) {
    // '1 large handful basil': the size belongs to the unit, and stays in the food when no unit follows it.
    const sized = /^(large|small|medium|big|heaped|heaping|level|generous)\s+(.*)$/iu.exec(description);
    const afterSize = sized?.[2] ? leadingUnit(sized[2]) : undefined;
    const found = afterSize ?? leadingUnit(description);
    // Without a number, only a measure that is itself an amount ('pinch of salt') counts as a unit.
    if (found && (quantity !== null || found.code === 'pinch' || found.code === 'dash')) {
      unit = found.code;
      description = found.rest.replace(/^(?:of|de|di|da)\s+/iu, '').replace(/^d['’]\s*/iu, '');
    }
  }
  if (quantity !== null && (!Number.isFinite(quantity) || quantity <= 0 || quantity > 100_000)) {
    quantity = null;
  }
  if (quantity === null || quantityMax === null || !Number.isFinite(quantityMax) || quantityMax <= quantity) {
    quantityMax = null;
  }
  const { food, note } = splitDescription(description, notes);
  return {
    text: line,
    quantity: quantity === null ? null : round(quantity),
    quantityMax: quantityMax === null ? null : round(quantityMax),
    unit,
    food,
    note,
    isHeading: false,
  };
}

export function parseIngredientLines(lines: readonly string[]): ParsedIngredient[] {
  return lines.map((line) => parseIngredientLine(line));
}
