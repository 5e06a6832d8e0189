import { parse } from 'tinyduration';

const MAX_MINUTES = 60 * 24 * 365;

/**
 * Whole minutes from an ISO 8601 duration ('PT1H30M', 'P0DT0H20M' = 20, 'PT1500S' = 25, 'P1DT2H' = 1560), or from
 * a bare number of minutes. Zero, missing, unreadable or absurd (over a year) is null, never 0. Years and months have
 * no fixed length, so a duration that uses them is not read.
 */
export function durationMinutes(value: unknown): number | null {
  if (typeof value === 'number') return plausible(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return plausible(Number(text));
  if (text.length > 64) return null;
  try {
    const duration = parse(text.toUpperCase());
    if (duration.negative || duration.years || duration.months) return null;
    const minutes =
      (duration.weeks ?? 0) * 7 * 24 * 60 +
      (duration.days ?? 0) * 24 * 60 +
      (duration.hours ?? 0) * 60 +
      (duration.minutes ?? 0) +
      (duration.seconds ?? 0) / 60;
    return plausible(minutes);
  } catch {
    return null;
  }
}

function plausible(minutes: number): number | null {
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_MINUTES) return null;
  const whole = Math.round(minutes);
  return whole >= 1 ? whole : null;
}
