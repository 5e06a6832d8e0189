/**
 * '8', '2 ½', '½': an amount of servings or a scale factor, which the page only ever holds in halves (the stepper,
 * ×½ and ×2, `?servings=2.5`). Written as format-quantity writes it (amount-format.ts: formatFraction, whole numbers
 * from twenty up) without loading it: the controls paint with the recipe, the converter loads after
 * (use-presenter.ts). halves.test.ts checks both agree on every half up to the stepper's limit.
 */
export function formatHalves(value: number): string {
  if (value >= 20) return String(Math.round(value));
  const whole = Math.floor(value);
  if (value === whole) return String(whole);
  return whole === 0 ? '½' : `${whole} ½`;
}
