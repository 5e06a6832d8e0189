import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** Every page is its own chunk (route-level code splitting); forms and their schemas never load on the landing page. */
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
          { index: true, lazy: () => import('./routes/home-route') },
          { path: 'home', lazy: () => import('./routes/home-route') },
          { path: 'features', lazy: () => import('./routes/features-route') },
          { path: 'about', lazy: () => import('./routes/about-route') },
          { path: 'login', lazy: () => import('./routes/login-route') },
          { path: 'signup', lazy: () => import('./routes/signup-route') },
          { path: 'recipes', lazy: () => import('./routes/recipes-route') },
          { path: 'searched-recipes', lazy: () => import('./routes/searched-recipes-route') },
          { path: 'add-recipe', lazy: () => import('./routes/add-recipe-route') },
          { path: 'edit-recipe/:recipeId', lazy: () => import('./routes/edit-recipe-route') },
          { path: 'view-recipe/:recipeId', lazy: () => import('./routes/view-recipe-route') },
          { path: 'users/profile/:userId', lazy: () => import('./routes/profile-route') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
