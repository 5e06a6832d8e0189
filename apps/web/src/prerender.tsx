import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { AppRoutes, lazyPages } from './app/router';
import { createStore } from './app/store';

/**
 * Build-time only (scripts/prerender.mjs): the landing page as a visitor first sees it, written into index.html so
 * the hero paints before any JavaScript has loaded (docs/decisions/009).
 */
export function renderLanding(): string {
  return renderToString(
    <Provider store={createStore()}>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </Provider>,
  );
}

/** Build-time only: which route module each client-side path pattern loads (scripts/prerender.mjs lists its chunks). */
export const routeModules = lazyPages.map(({ path, module }) => ({ path, module }));
