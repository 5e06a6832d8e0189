import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createStore, type AppStore } from '@/app/store';

interface Options {
  /** The route pattern the element is mounted at. */
  path?: string;
  /** The URL the test starts on. */
  url?: string;
  store?: AppStore;
  extraRoutes?: RouteObject[];
}

/** Renders a screen inside the real store and a memory router; the router's location shows where it navigated. */
export function renderScreen(
  ui: ReactNode,
  { path = '/', url = path, store = createStore(), extraRoutes = [] }: Options = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [url],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

export const location = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;
