/*
 * The unit table the parser answers with and the web converts with, and the rule for section headings inside a
 * list (issue 17; docs/decisions/021). Kept apart from the schemas in ingredients.ts, and free of zod, so the recipe
 * page can read them without loading zod (its first paint needs no schema).
 */

export type UnitKind = 'mass' | 'volume' | 'count' | 'other';

export type UnitInfo = {
  /** The canonical code the API answers with. */
  code: string;
  kind: UnitKind;
  /** Grams (mass) or millilitres (volume) in one unit; null where the unit has no fixed size. */
  size: number | null;
  /** How a cook reads it, singular and plural (English; the line's own text is what the page shows). */
  singular: string;
  plural: string;
};

const unit = (code: string, kind: UnitKind, size: number | null, singular: string, plural = `${singular}s`) =>
  ({ code, kind, size, singular, plural }) satisfies UnitInfo;

/**
 * Every unit code `unit` can hold. US customary volumes (cup 236.59 ml, not the 250 ml metric cup); imperial pints
 * and gallons are not told apart from US ones by the parser, so the US sizes are used (docs/ingredient-parsing.md).
 */
export const UNITS = [
  unit('mg', 'mass', 0.001, 'mg', 'mg'),
  unit('g', 'mass', 1, 'g', 'g'),
  // Hungarian recipes weigh in decagrams ('20 dkg cukor').
  unit('dkg', 'mass', 10, 'dkg', 'dkg'),
  unit('kg', 'mass', 1000, 'kg', 'kg'),
  unit('oz', 'mass', 28.349523125, 'oz', 'oz'),
  unit('lb', 'mass', 453.59237, 'lb', 'lb'),
  unit('ml', 'volume', 1, 'ml', 'ml'),
  unit('cl', 'volume', 10, 'cl', 'cl'),
  unit('dl', 'volume', 100, 'dl', 'dl'),
  unit('l', 'volume', 1000, 'l', 'l'),
  unit('tsp', 'volume', 4.92892159375, 'tsp', 'tsp'),
  unit('tbsp', 'volume', 14.78676478125, 'tbsp', 'tbsp'),
  unit('cup', 'volume', 236.5882365, 'cup'),
  unit('fl oz', 'volume', 29.5735295625, 'fl oz', 'fl oz'),
  unit('pt', 'volume', 473.176473, 'pint'),
  unit('qt', 'volume', 946.352946, 'quart'),
  unit('gal', 'volume', 3785.411784, 'gallon'),
  unit('pinch', 'other', null, 'pinch', 'pinches'),
  unit('dash', 'other', null, 'dash', 'dashes'),
  unit('drop', 'other', null, 'drop'),
  unit('handful', 'other', null, 'handful'),
  unit('clove', 'count', null, 'clove'),
  unit('can', 'count', null, 'can'),
  unit('jar', 'count', null, 'jar'),
  unit('package', 'count', null, 'package'),
  unit('piece', 'count', null, 'piece'),
  unit('slice', 'count', null, 'slice'),
  unit('stick', 'count', null, 'stick'),
  unit('bunch', 'count', null, 'bunch', 'bunches'),
  unit('sprig', 'count', null, 'sprig'),
  unit('stalk', 'count', null, 'stalk'),
  unit('head', 'count', null, 'head'),
  unit('leaf', 'count', null, 'leaf', 'leaves'),
  unit('sheet', 'count', null, 'sheet'),
  unit('cube', 'count', null, 'cube'),
  // Lengths ('5 cm ginger', '2 inch cinnamon stick'): scaled, never converted to a mass or a volume.
  unit('cm', 'other', null, 'cm', 'cm'),
  unit('in', 'other', null, 'inch', 'inches'),
] as const satisfies readonly UnitInfo[];

export type UnitCode = (typeof UNITS)[number]['code'];

export const UNIT_CODES = UNITS.map((entry) => entry.code) as readonly UnitCode[];

const UNIT_BY_CODE = new Map<string, UnitInfo>(UNITS.map((entry) => [entry.code, entry]));

/** The table's row for a code, or undefined for a code the table does not know (treat the line as unscalable). */
export function unitInfo(code: string | null | undefined): UnitInfo | undefined {
  return code ? UNIT_BY_CODE.get(code) : undefined;
}

/**
 * A section title inside an ingredient or step list: a short line ending in a colon that does not start with a
 * quantity ('For the sauce:', 'Topping:'). Shared so the web can split steps into sections by the same rule the
 * parser applies to ingredients.
 */
export function isSectionHeading(line: string): boolean {
  const text = line.trim();
  if (text.length < 2 || text.length > 80 || !text.endsWith(':')) return false;
  return !/^[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(text);
}
