import type { UnitCode } from '@forkful/contracts';

/*
 * How units are written, per canonical code. parse-ingredient knows the English spellings; these are the ones it
 * misses (plurals with '(s)', 'tsps', 'kilo', 'gr') and the non-English ones the import corpus holds
 * (docs/ingredient-parsing.md). Matched case-insensitively at the start of what follows the quantity, longest
 * first, as whole words; an alias that is also a common word ('ts', 'fed') only counts right after a number.
 */
const ALIASES: Record<UnitCode, readonly string[]> = {
  mg: ['mg', 'milligram', 'milligrams', 'milligramm'],
  g: ['g', 'gr', 'gr.', 'gram', 'grams', 'gramm', 'gramos', 'grammi', 'grammes', 'gramme', 'grammes', 'gramas'],
  dkg: ['dkg', 'dag'],
  kg: ['kg', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramm', 'kilogrammes', 'kilogramos', 'kilogrammi'],
  oz: ['oz', 'oz.', 'ounce', 'ounces', 'ounce(s)'],
  lb: ['lb', 'lb.', 'lbs', 'lbs.', 'pound', 'pounds', 'pound(s)'],
  ml: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'mililitros'],
  cl: ['cl', 'centiliter', 'centilitre'],
  dl: ['dl', 'deciliter', 'decilitre'],
  l: ['l', 'liter', 'liters', 'litre', 'litres', 'litro', 'litros', 'litri'],
  tsp: [
    'tsp',
    'tsp.',
    'tsps',
    'teaspoon',
    'teaspoons',
    'teaspoon(s)',
    'tl',
    'tsk',
    'ts',
    'theelepel',
    'theelepels',
    'tl.',
    'cucchiaino',
    'cucchiaini',
    'cucharadita',
    'cucharaditas',
    'càc',
    'colher de chá',
    'colheres de chá',
    'çay kaşığı',
    'teáskanál',
    'kávéskanál',
    'cuillère à café',
    'cuillères à café',
    'c. à c.',
    'c.c.',
  ],
  tbsp: [
    'tbsp',
    'tbsp.',
    'tbsps',
    'tbs',
    'tablespoon',
    'tablespoons',
    'tablespoon(s)',
    'el',
    'el.',
    'spsk',
    'ss',
    'msk',
    'eetlepel',
    'eetlepels',
    'cucchiaio',
    'cucchiai',
    'cucharada',
    'cucharadas',
    'càs',
    'colher de sopa',
    'colheres de sopa',
    'yemek kaşığı',
    'evőkanál',
    'cuillère à soupe',
    'cuillères à soupe',
    'c. à s.',
    'c.s.',
  ],
  cup: ['cup', 'cups', 'cup(s)', 'c.', 'xícara', 'xícaras', 'xicara', 'xicaras', 'taza', 'tazas'],
  'fl oz': ['fl oz', 'fl. oz.', 'fl.oz.', 'fluid ounce', 'fluid ounces'],
  pt: ['pt', 'pint', 'pints'],
  qt: ['qt', 'quart', 'quarts'],
  gal: ['gal', 'gallon', 'gallons'],
  pinch: ['pinch', 'pinches', 'prise', 'prisen', 'pizzico', 'pizca', 'pincée', 'snuf', 'snufje', 'knivspids'],
  dash: ['dash', 'dashes', 'splash'],
  drop: ['drop', 'drops', 'drop(s)'],
  handful: ['handful', 'handfuls', 'handvoll'],
  clove: [
    'clove',
    'cloves',
    'clove(s)',
    'zehe',
    'zehen',
    'teen',
    'tenen',
    'spicchio',
    'spicchi',
    'diente',
    'dientes',
    'gousse',
    'gousses',
    'fed',
  ],
  can: ['can', 'cans', 'can(s)', 'tin', 'tins', 'dose', 'dosen', 'lata', 'latas', 'boîte', 'boîtes'],
  jar: ['jar', 'jars', 'vidro', 'glas'],
  package: [
    'package',
    'packages',
    'pkg',
    'packet',
    'packets',
    'pack',
    'packs',
    'container',
    'containers',
    'bag',
    'bags',
    'box',
    'boxes',
    'carton',
    'cartons',
    'sachet',
    'sachets',
    'päckchen',
    'pck',
    'pck.',
    'pk',
  ],
  piece: ['piece', 'pieces', 'stk', 'stk.', 'stück', 'darab', 'adet', 'unidade', 'unidades', 'ear', 'ears'],
  slice: ['slice', 'slices', 'scheibe', 'scheiben', 'fetta', 'fette', 'skive', 'skiver', 'skivor', 'rebanada'],
  stick: ['stick', 'sticks', 'stang', 'stange', 'stangen'],
  bunch: ['bunch', 'bunches', 'bund', 'grappolo', 'mazzo', 'manojo'],
  sprig: ['sprig', 'sprigs', 'zweig', 'zweige', 'rametto', 'rametti'],
  stalk: ['stalk', 'stalks'],
  head: ['head', 'heads', 'kopf'],
  leaf: ['leaf', 'leaves', 'blatt', 'blätter'],
  sheet: ['sheet', 'sheets'],
  cube: ['cube', 'cubes', 'würfel'],
  cm: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres'],
  in: ['inch', 'inches', 'in.', '"'],
};

/** Aliases that read as ordinary words in some language: a unit only when nothing else could be meant. */
const AMBIGUOUS = new Set(['fed', 'ts', 'ss', 'el', 'teen', 'glas', 'in.', '"', 'c.', 'l', 'pk', 'ear', 'ears']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Alias = { alias: string; code: UnitCode; pattern: RegExp };

const ALIAS_LIST: Alias[] = Object.entries(ALIASES)
  .flatMap(([code, aliases]) => aliases.map((alias) => ({ alias, code: code as UnitCode })))
  .sort((a, b) => b.alias.length - a.alias.length)
  .map(({ alias, code }) => ({
    alias,
    code,
    // A word ends at a space, a comma, a bracket or the end; an alias ending in '.' already ends itself.
    pattern: new RegExp(`^${escape(alias)}${/[.)"]$/.test(alias) ? '' : '(?=[\\s,;:()/]|$)'}`, 'iu'),
  }));

/** The unit written at the start of `text` (right after a quantity), and the text after it. */
export function leadingUnit(text: string): { code: UnitCode; rest: string } | undefined {
  for (const { alias, code, pattern } of ALIAS_LIST) {
    const match = pattern.exec(text);
    if (!match) continue;
    const rest = text.slice(match[0].length).trimStart();
    // 'l' or 'ss' followed by nothing is a word, not a unit ('2 l' is fine, 'l' alone is not a food).
    if (AMBIGUOUS.has(alias.toLowerCase()) && rest === '') return undefined;
    return { code, rest };
  }
  return undefined;
}

/** parse-ingredient's unit ids, as the contract's codes; ids missing here ('large', 'dozen') are not units to us. */
export const LIBRARY_UNIT_CODES: Record<string, UnitCode> = {
  milligram: 'mg',
  gram: 'g',
  kilogram: 'kg',
  ounce: 'oz',
  pound: 'lb',
  milliliter: 'ml',
  deciliter: 'dl',
  liter: 'l',
  teaspoon: 'tsp',
  tablespoon: 'tbsp',
  cup: 'cup',
  'fluid ounce': 'fl oz',
  pint: 'pt',
  quart: 'qt',
  gallon: 'gal',
  pinch: 'pinch',
  dash: 'dash',
  drop: 'drop',
  clove: 'clove',
  can: 'can',
  package: 'package',
  pack: 'package',
  bag: 'package',
  box: 'package',
  carton: 'package',
  container: 'package',
  piece: 'piece',
  ear: 'piece',
  stick: 'stick',
  bunch: 'bunch',
  sprig: 'sprig',
  head: 'head',
  centimeter: 'cm',
  inch: 'in',
};
