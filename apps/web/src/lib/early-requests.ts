/**
 * The early-request cache: answers to GETs a page is about to make, started before its code has loaded (the first
 * page load, `app/router.tsx`). The page's first identical request takes the answer; unclaimed, it is dropped.
 */

/** How long an early answer (or the answer the page's HTML carries) waits to be claimed. */
export const EARLY_ANSWER_MS = 5000;

const early = new Map<string, Promise<unknown>>();

/** Whether `url` (an API address as the transport builds it) already has an answer under way. */
export function hasEarly(url: string): boolean {
  return early.has(url);
}

export function keepEarly(url: string, answer: Promise<unknown>): void {
  // Nobody may ever claim it; a failure is then nobody's to report.
  answer.catch(() => undefined);
  early.set(url, answer);
  setTimeout(() => early.delete(url), EARLY_ANSWER_MS);
}

/** The answer under way for `url`, at most once. */
export function claimEarly<T>(url: string): Promise<T> | undefined {
  if (early.size === 0) return undefined;
  const answer = early.get(url);
  early.delete(url);
  return answer as Promise<T> | undefined;
}
