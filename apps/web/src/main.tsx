import './lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadPage, startEarly } from './app/router';
import { createStore } from './app/store';
import { maybeSignedIn } from './features/auth/session-hint';
import { inlinePageData } from './lib/page-data';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container = root;
// Read before startEarly, whose request for the same data claims it.
const pageData = inlinePageData();
// The page's chunk and main data start downloading now, while the current user is still being checked.
startEarly(new URL(window.location.href));

/**
 * Rendered as a transition, React yields to the browser every few milliseconds instead of holding the main thread
 * for the whole first render (Lighthouse's Total Blocking Time); the prerendered landing page stays on screen
 * meanwhile.
 */
function render(store = createStore()): void {
  startTransition(() => createRoot(container).render(<App store={store} />));
}

/**
 * A page the server drew (/recipes, /view-recipe/{id}: docs/decisions/014) is adopted once its data is in the cache,
 * so the first render is the page the server drew; without that data it is drawn again.
 */
async function adoptServerPage(shell: HTMLElement): Promise<void> {
  const store = createStore();
  const data = pageData;
  try {
    const [{ prefillPage }] = await Promise.all([
      import('./app/page-prefill'),
      // With its code here, the page renders in one pass, as it did on the server (router.tsx, `settled`).
      loadPage(window.location.pathname),
    ]);
    if (data && prefillPage(store, new URL(window.location.href), data)) {
      startTransition(() => {
        hydrateRoot(shell, <App store={store} />);
      });
      return;
    }
  } catch {
    // The chunk did not load: the page is drawn from scratch, which asks for it again.
  }
  render(store);
}

// index.html carries the landing page as a visitor sees it at '/' (docs/decisions/009). There, for a visitor, React
// adopts that markup instead of replacing it (docs/decisions/013): the painted page stays, no element is made twice.
const landing = document.getElementById('landing-shell');
const serverPage = document.getElementById('page-shell');
const visitor = !maybeSignedIn();
if (landing && visitor && window.location.pathname === '/') {
  startTransition(() => {
    hydrateRoot(landing, <App />);
  });
} else if (serverPage && visitor) {
  void adoptServerPage(serverPage);
} else {
  render();
}
