/* global document, location */
// index.html carries the landing page prerendered (docs/decisions/009); it is shown only on the landing page's URLs.
if (location.pathname === '/' || location.pathname === '/home') document.documentElement.classList.add('landing');
// A page the server drew shows what a visitor sees; someone signed in waits for their own (docs/decisions/014).
// The same hint test as src/features/auth/session-hint.ts (this script runs before any module can be imported).
if (/(?:^|;\s*)signedIn=1(?:;|$)/.test(document.cookie)) document.documentElement.classList.add('signed-in');
