import { describe, expect, it } from 'vitest';
import { formatCookingTime, formatDateTime, timeAgo } from './time';

describe('timeAgo', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  it.each([
    ['2025-03-10T12:00:00Z', 'just now'],
    ['2025-03-10T11:59:59Z', 'just now'],
    ['2025-03-10T11:59:01Z', 'just now'],
    ['2025-03-10T11:59:00Z', '1 minute ago'],
    ['2025-03-10T11:55:00Z', '5 minutes ago'],
    ['2025-03-10T10:00:00Z', '2 hours ago'],
    ['2025-03-09T12:00:00Z', '1 day ago'],
    ['2025-02-24T12:00:00Z', '2 weeks ago'],
    ['2024-12-10T12:00:00Z', '3 months ago'],
    ['2023-03-01T12:00:00Z', '2 years ago'],
  ])('%s → %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });
});

describe('formatCookingTime', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 h'],
    [80, '1 h 20 min'],
    [125, '2 h 5 min'],
    [10080, '168 h'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(formatCookingTime(minutes)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it('writes a day and a time; in UTC it says so (a page the server drew, docs/decisions/014)', () => {
    expect(formatDateTime('2025-03-12T13:05:00Z', 'UTC')).toBe('12 March 2025 at 13:05 UTC');
    // In the reader's zone: whatever the machine's zone is, the same shape without the suffix.
    expect(formatDateTime('2025-03-12T13:05:00Z')).toMatch(/^\d{1,2} \w+ 2025 at \d{2}:\d{2}$/);
  });
});
