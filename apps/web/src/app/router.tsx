import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CLIENT_PAGES, type ClientPage } from '@forkful/contracts';
import { matchRoutes, Route, Routes } from 'react-router';
import { requestEarly } from '@/lib/transport';
import { RootLayout } from './root-layout';
import { Component as HomeRoute } from './routes/home-route';

/**
 * The routes of spec section 2, in React Router's declarative mode: its data router (loaders, actions, fetchers)
 * weighs about 17 KB gzipped more, and Forkful's pages fetch through the data cache, so nothing here needs it
 * (docs/decisions/012).
 *
 * Every page but the landing page is its own chunk (route-level code splitting); forms and their schemas never load
 * on the landing page. The landing page is part of the start-up bundle, so its hero paints without a second round
 * trip for a chunk.
 */
type RouteModule = { Component: ComponentType };

/**
 * The route modules, each loaded on demand (`import.meta.glob` makes one lazy import per file). The landing page's
 * is left out: it is imported statically, and a second, dynamic import of it would split the start-up bundle.
 */
const routeModules = import.meta.glob<RouteModule>(['./routes/*-route.tsx', '!./routes/home-route.tsx']);

export interface LazyPage {
  path: string;
  /** The file under `src/app/routes/`; the build lists its chunks per path for the server to preload. */
  module: string;
  /** Starts (or joins) the chunk's download; React.lazy and the start-up preload share the one promise. */
  load: () => Promise<RouteModule>;
  Page: LazyExoticComponent<ComponentType>;
  /** The page's first requests (CLIENT_PAGES), started on the first page load only, while its chunk downloads. */
  firstRequests: NonNullable<ClientPage['firstRequests']> | undefined;
  /** The server draws it; the browser adopts that drawing (docs/decisions/014). */
  drawn: boolean;
}

/**
 * What React.lazy is given once the module is already here: a thenable that answers at once, so React renders the
 * page in the same pass instead of suspending for a tick. A page whose chunk arrived early (startEarly) is then
 * drawn without a 'Loading…' flash, and a page the server drew is adopted in one pass (docs/decisions/014).
 */
function settled<T>(value: T): Promise<T> {
  const thenable = { then: (resolve: (value: T) => void) => resolve(value) };
  return thenable as unknown as Promise<T>;
}

function lazyPage({ path, module, firstRequests, drawn }: ClientPage & { module: string }): LazyPage {
  const importer = routeModules[`./routes/${module}.tsx`];
  if (!importer) throw new Error(`No route module src/app/routes/${module}.tsx`);
  let loading: Promise<RouteModule> | undefined;
  let loaded: RouteModule | undefined;
  const load = () =>
    (loading ??= importer().then((route) => {
      loaded = route;
      return route;
    }));
  const Page = lazy(() =>
    loaded ? settled({ default: loaded.Component }) : load().then((route) => ({ default: route.Component })),
  );
  return { path, module, load, Page, firstRequests, drawn: drawn === true };
}

/** The pages of spec section 2 and what each needs first, as the contracts list them for the server too. */
const pages: readonly ClientPage[] = CLIENT_PAGES;
export const lazyPages: LazyPage[] = pages.flatMap(({ module, ...page }) =>
  module === null ? [] : [lazyPage({ ...page, module })],
);
/** The landing page's addresses: part of the start-up bundle. */
const landingPaths = pages.flatMap(({ path, module }) => (module === null ? [path] : []));

const NotFoundPage = lazy(() => import('./not-found-page'));

/**
 * Called once at start-up, before the current user is checked: the current page's chunk and its main data download
 * in parallel with that check instead of after it.
 */
export function startEarly(url: URL): void {
  // React Router's own matching, which decodes the path as the page's useParams will see it.
  const [match] = matchRoutes(lazyPages, url.pathname) ?? [];
  if (!match) return;
  void match.route.load().catch(() => undefined);
  for (const first of match.route.firstRequests?.(url, match.params) ?? []) requestEarly(first.path, first.query);
}

/** The code of the page at `pathname`, loaded (or joined while it loads); nothing to wait for on other paths. */
export async function loadPage(pathname: string): Promise<void> {
  const [match] = matchRoutes(lazyPages, pathname) ?? [];
  await match?.route.load();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {landingPaths.map((path) => (
          <Route key={path} path={path} element={<HomeRoute />} />
        ))}
        {lazyPages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* React Router's own fallback for an unmatched URL, spec section 2: 404 'No route matches URL'. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
