const UNITS: Array<[unit: string, seconds: number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * 'N ago' for reviews (spec section 9), e.g. '3 days ago'. Under a minute it says 'just now': a review that was
 * written a moment ago does not read as '0 seconds ago', and the text is not ticking up while it is read
 * (docs/decisions/004).
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/**
 * A cooking time as a cook reads it: '45 min', '1 h', '1 h 20 min'. The spec's figure in minutes ('80 mins') is
 * shown next to it where the spec asks for it (the recipe page).
 */
export function formatCookingTime(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * Date plus time for a recipe's creation (spec section 9), e.g. '12 March 2025 at 14:05', in the reader's time zone;
 * with `timeZone: 'UTC'` it says so ('12 March 2025 at 13:05 UTC').
 */
export function formatDateTime(iso: string, timeZone?: 'UTC'): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  return `${day} at ${time}${timeZone ? ` ${timeZone}` : ''}`;
}
