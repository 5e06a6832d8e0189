/*
 * Grams per millilitre of the foods a cook commonly measures both ways, from the usual kitchen charts (a US cup of
 * all-purpose flour weighs about 125 g, of sugar 200 g, of butter 227 g). A food not in this table is never turned
 * from a volume into a weight or back: a wrong gram count is worse than a cup.
 *
 * `metric` says how a metric cook measures the food: flour, sugar, butter and rice on a scale, liquids in a jug.
 */
export interface Density {
  gramsPerMl: number;
  metric: 'mass' | 'volume';
}

// The more specific names come first: 'brown sugar' before 'sugar', 'almond flour' before 'flour'.
const TABLE: ReadonlyArray<readonly [RegExp, Density]> = [
  [/\b(almond|coconut) (flour|meal)\b|\bground almonds\b/, { gramsPerMl: 0.41, metric: 'mass' }],
  [/\bflour\b/, { gramsPerMl: 0.53, metric: 'mass' }],
  [/\b(brown|muscovado) sugar\b/, { gramsPerMl: 0.93, metric: 'mass' }],
  [/\b(powdered|icing|confectioners'?) sugar\b/, { gramsPerMl: 0.51, metric: 'mass' }],
  [/\bsugar\b/, { gramsPerMl: 0.85, metric: 'mass' }],
  [/(?<!(peanut|nut|almond|cashew|apple) )\bbutter\b(?! ?milk)/, { gramsPerMl: 0.96, metric: 'mass' }],
  [/\brice\b(?! (vinegar|wine|paper|noodles))/, { gramsPerMl: 0.8, metric: 'mass' }],
  [/\b(rolled |porridge )?oats\b/, { gramsPerMl: 0.38, metric: 'mass' }],
  [/\bcocoa\b/, { gramsPerMl: 0.36, metric: 'mass' }],
  [/\bhoney\b/, { gramsPerMl: 1.42, metric: 'mass' }],
  [/\bwater\b/, { gramsPerMl: 1, metric: 'volume' }],
  [/\b(butter)?milk\b(?! chocolate)/, { gramsPerMl: 1.03, metric: 'volume' }],
  [/\b(olive |vegetable |sunflower |canola |rapeseed )?oil\b/, { gramsPerMl: 0.92, metric: 'volume' }],
];

/** The density of the food a line names, when the table knows it. */
export function densityOf(food: string | null): Density | null {
  if (!food) return null;
  const name = food.toLowerCase();
  for (const [pattern, density] of TABLE) if (pattern.test(name)) return density;
  return null;
}
