import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { createStore } from './app/store';

/**
 * Build-time only (scripts/prerender.mjs): the landing page as a visitor first sees it, written into index.html so
 * the hero paints before any JavaScript has loaded (docs/decisions/009).
 */
export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The landing page answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Provider store={createStore()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Provider>,
  );
}
