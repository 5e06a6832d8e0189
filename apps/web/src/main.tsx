import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarly } from './app/router';
import { maybeSignedIn } from './features/auth/session-hint';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The page's chunk and main data start downloading now, while the current user is still being checked.
startEarly(new URL(window.location.href));

// index.html carries the landing page as a visitor sees it at '/' (docs/decisions/009). There, for a visitor, React
// adopts that markup instead of replacing it (docs/decisions/013): the painted page stays, no element is made twice.
const landing = document.getElementById('landing-shell');
if (landing && window.location.pathname === '/' && !maybeSignedIn()) {
  startTransition(() => {
    hydrateRoot(landing, <App />);
  });
} else {
  // Rendered as a transition, React yields to the browser every few milliseconds instead of holding the main thread
  // for the whole first render (Lighthouse's Total Blocking Time); the prerendered landing page stays on screen
  // meanwhile.
  startTransition(() => createRoot(root).render(<App />));
}
