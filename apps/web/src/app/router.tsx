import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { chunkOf, parsePage } from '@/features/recipes/recipe-pages';
import { requestEarly } from '@/lib/http';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { Component as HomeRoute } from './routes/home-route';

/**
 * Every page but the landing page is its own chunk (route-level code splitting); forms and their schemas never load
 * on the landing page. The landing page is part of the start-up bundle, so its hero paints without a second round
 * trip for a chunk.
 */
let startingUp = false;

/**
 * On the first page load only, a page's main data is requested while its chunk downloads (not after it renders);
 * later navigations usually find it cached. The loader returns at once, so it never holds the page back.
 */
function dataEarly(start: (url: URL, params: Record<string, string | undefined>) => void): LoaderFunction {
  return ({ request, params }) => {
    if (startingUp) start(new URL(request.url), params);
    return null;
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // The router's own errors (an unmatched URL among them) land here, still inside the header and footer.
    errorElement: (
      <RootLayout>
        <RouteErrorPage />
      </RootLayout>
    ),
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'home', Component: HomeRoute },
          { path: 'features', lazy: () => import('./routes/features-route') },
          { path: 'about', lazy: () => import('./routes/about-route') },
          { path: 'login', lazy: () => import('./routes/login-route') },
          { path: 'signup', lazy: () => import('./routes/signup-route') },
          {
            path: 'recipes',
            loader: dataEarly((url) => {
              const { page, limit } = chunkOf(parsePage(url.searchParams.get('page')));
              requestEarly('/recipes/all', { page, limit });
            }),
            lazy: () => import('./routes/recipes-route'),
          },
          { path: 'searched-recipes', lazy: () => import('./routes/searched-recipes-route') },
          { path: 'add-recipe', lazy: () => import('./routes/add-recipe-route') },
          { path: 'edit-recipe/:recipeId', lazy: () => import('./routes/edit-recipe-route') },
          {
            path: 'view-recipe/:recipeId',
            loader: dataEarly((_, { recipeId }) => {
              if (recipeId) requestEarly(`/recipes/${encodeURIComponent(recipeId)}/view-recipe`);
            }),
            lazy: () => import('./routes/view-recipe-route'),
          },
          { path: 'users/profile/:userId', lazy: () => import('./routes/profile-route') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  startingUp = true;
  const router = createBrowserRouter(routes);
  const stop = router.subscribe(() => {
    startingUp = false;
    stop();
  });
  return router;
}
