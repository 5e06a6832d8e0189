/* global document, location */
// index.html carries the landing page prerendered (docs/decisions/009); it is shown only on the landing page's URLs.
if (location.pathname === '/' || location.pathname === '/home') document.documentElement.classList.add('landing');
