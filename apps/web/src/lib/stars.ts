/** Spec section 9: five stars, full stars are the floored rating, a half star when the remainder is 0.5 or more. */
export function starParts(rating: number): { full: number; half: boolean; empty: number } {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const full = Math.floor(clamped);
  const half = full < 5 && clamped - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}
