import { StrictMode, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AuthBootstrap } from '@/features/auth/auth-bootstrap';
import { DeferredOfflineSupport } from './offline/deferred-offline-support';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './router';
import { connectSession, createStore, type AppStore } from './store';

/** `store`: one made beforehand, when the page's data was put into it before the first render (main.tsx). */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? createStore());
  useEffect(() => connectSession(store), [store]);
  // The app runs: what the end-to-end journeys wait for after loading a page, whose scripts start only once its photo
  // has been painted (docs/decisions/030), so the browser's load event no longer says so.
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
  }, []);
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          {/* Last resort: an error in the header or footer themselves still gets the 'Oops!' page. */}
          <RouteErrorBoundary resetKey="app">
            <AuthBootstrap>
              <AppRoutes />
            </AuthBootstrap>
            <DeferredOfflineSupport />
          </RouteErrorBoundary>
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
