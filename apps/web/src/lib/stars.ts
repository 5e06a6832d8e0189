/** Spec section 9: five stars, full stars are the floored rating, a half star when the remainder is 0.5 or more. */
export function starParts(rating: number): { full: number; half: boolean; empty: number } {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const full = Math.floor(clamped);
  const half = full < 5 && clamped - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

export const RATING_MAX = 5;

/**
 * The rating a key moves to from the focused star, or null when the key means nothing to a rating (WAI-ARIA radio
 * group: Right and Down go one star up, Left and Up one star down, both wrapping around the group as radios do;
 * Home and End go to the first and the last star). Right always means "more" here: the stars read left to right.
 */
export function ratingAfterKey(focused: number, key: string): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return focused >= RATING_MAX ? 1 : focused + 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return focused <= 1 ? RATING_MAX : focused - 1;
    case 'Home':
      return 1;
    case 'End':
      return RATING_MAX;
    default:
      return null;
  }
}
