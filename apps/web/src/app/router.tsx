import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { chunkOf, parsePage } from '@/features/recipes/recipe-pages';
import { requestEarly } from '@/lib/http';
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
  /** On the first page load only: the page's main data, requested while its chunk downloads. */
  early?: (url: URL, params: Record<string, string | undefined>) => void;
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

function page(path: string, module: string, early?: LazyPage['early']): LazyPage {
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
  return { path, module, load, Page, early };
}

export const lazyPages: LazyPage[] = [
  page('/features', 'features-route'),
  page('/about', 'about-route'),
  page('/login', 'login-route'),
  page('/signup', 'signup-route'),
  page('/recipes', 'recipes-route', (url) => {
    const { page: chunk, limit } = chunkOf(parsePage(url.searchParams.get('page')));
    requestEarly('/recipes/all', { page: chunk, limit });
  }),
  page('/searched-recipes', 'searched-recipes-route'),
  page('/add-recipe', 'add-recipe-route'),
  page('/edit-recipe/:recipeId', 'edit-recipe-route'),
  page('/view-recipe/:recipeId', 'view-recipe-route', (_, { recipeId }) => {
    if (!recipeId) return;
    requestEarly(`/recipes/${encodeURIComponent(recipeId)}/view-recipe`);
    // The first page of reviews too: otherwise it is asked for only once the page has rendered (or been adopted),
    // a round trip after the page could already show it (reviews-api.ts, getReviews, makes the same request).
    requestEarly(`/reviews/view-all/${encodeURIComponent(recipeId)}`, { page: 1 });
  }),
  page('/users/profile/:userId', 'profile-route'),
];

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
  match.route.early?.(url, match.params);
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
        <Route index element={<HomeRoute />} />
        <Route path="home" element={<HomeRoute />} />
        {lazyPages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* React Router's own fallback for an unmatched URL, spec section 2: 404 'No route matches URL'. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
