import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimEarly, EARLY_ANSWER_MS, hasEarly, keepEarly } from './early-requests';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the early-request cache', () => {
  it('gives an answer to its first claim only', async () => {
    keepEarly('/api/v1/a', Promise.resolve('answer'));
    expect(hasEarly('/api/v1/a')).toBe(true);
    expect(claimEarly('/api/v1/b')).toBeUndefined();
    await expect(claimEarly('/api/v1/a')).resolves.toBe('answer');
    expect(claimEarly('/api/v1/a')).toBeUndefined();
  });

  it('drops an answer nobody claims, and a failure nobody claims is not unhandled', async () => {
    keepEarly('/api/v1/late', Promise.reject(new Error('gone')));
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_MS);
    expect(hasEarly('/api/v1/late')).toBe(false);
    expect(claimEarly('/api/v1/late')).toBeUndefined();
  });
});
