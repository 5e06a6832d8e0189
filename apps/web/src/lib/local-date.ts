/** Today's date where the user is, as 'YYYY-MM-DD' (the meal plan's dates are the cook's own calendar days). */
export function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** 'Mon 23 Nov' style labels for a 'YYYY-MM-DD' date, in the reader's language. */
export function formatPlanDate(date: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
