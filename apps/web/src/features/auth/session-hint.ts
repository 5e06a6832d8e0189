/**
 * The server sets the readable cookie `signedIn` next to its httpOnly session cookies and clears it with them
 * (docs/decisions/009). Without it there is no session to check, so start-up makes no call that can only fail.
 */
// index.html's inline start-up script makes the same test before any module loads (docs/decisions/015).
const HINT = /(?:^|;\s*)signedIn=1(?:;|$)/;

export function maybeSignedIn(): boolean {
  return typeof document === 'undefined' || HINT.test(document.cookie);
}

/** A hint the server no longer backs (its session ended) is dropped, so later start-ups skip the call again. */
export function forgetSignedIn(): void {
  if (typeof document !== 'undefined') document.cookie = 'signedIn=; Max-Age=0; Path=/; SameSite=Lax';
}
