import type { PageData, ServerBundle } from '@forkful/contracts';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { prefillPage } from './app/page-prefill';
import { AppRoutes, lazyPages, loadPage } from './app/router';
import { createStore } from './app/store';
import { recipesApi } from './features/recipes/recipes-api';
import { loadPresenter } from './features/recipes/scaling/use-presenter';

/**
 * Build-time only (scripts/prerender.mjs): the landing page as a visitor first sees it, written into index.html so
 * the hero paints before any JavaScript has loaded (docs/decisions/009).
 */
function renderLanding(): string {
  return renderToString(
    <Provider store={createStore()}>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </Provider>,
  );
}

/**
 * Build-time only: which route module each client-side path pattern loads (scripts/prerender.mjs lists its chunks).
 * The pages whose first answer travels in their HTML are the ones the server draws; adopting them in the browser
 * needs `app/page-prefill` too.
 */
const routeModules = lazyPages.map(({ path, module, drawn }) => ({
  path,
  module,
  extra: drawn ? ['src/app/page-prefill.ts'] : [],
}));

/** On the server, once at start-up: the code of the pages `renderPage` draws (those whose answer the HTML carries). */
async function preparePages(): Promise<void> {
  await Promise.all([
    ...lazyPages.filter((page) => page.drawn).map((page) => page.load()),
    // A recipe drawn scaled (`?servings=8`) waits for the converter, a chunk of its own (use-presenter.ts): loaded
    // here once, so no request pays for it within the drawing's time budget.
    loadPresenter(),
  ]);
}

/**
 * On the server, per request (apps/server/src/spa): the markup of /recipes or /view-recipe/{id} as a visitor sees
 * it, drawn from the answer the page's HTML carries (docs/decisions/014); null when that answer is not the page's.
 * The page's lazy chunk is waited for, so the markup is the page and not its loading state.
 */
async function renderPage(href: string, data: PageData): Promise<string | null> {
  const location = new URL(href, 'http://forkful.invalid');
  const store = createStore();
  try {
    if (!prefillPage(store, location, data)) return null;
    // With its code here before the render, the page renders in one pass (router.tsx, `settled`).
    await loadPage(location.pathname);
    const { prelude } = await prerenderToNodeStream(
      <Provider store={store}>
        <StaticRouter location={`${location.pathname}${location.search}`}>
          <AppRoutes />
        </StaticRouter>
      </Provider>,
      // Large parts would otherwise be sent apart and put in place by an inline script, which the CSP refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    // Clears the cache's timers (unused entries are removed after a minute), which would keep the store alive.
    store.dispatch(recipesApi.util.resetApiState());
    store.dispose();
  }
}

/** What the build and the server read from this bundle, checked here against the one type both use. */
export default { renderLanding, routeModules, preparePages, renderPage } satisfies ServerBundle;
