/*
 * The converter: scaling, units, fractions and plurals (format-quantity, pluralize), loaded apart from the recipe
 * page's chunk, since the page as written needs none of it (use-presenter.ts).
 */
export { presentIngredient } from './amounts';
export { convertTemperatures } from './temperature';
