import { StrictMode, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AuthBootstrap } from '@/features/auth/auth-bootstrap';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './router';
import { connectSession, createStore } from './store';

export function App() {
  const [store] = useState(createStore);
  useEffect(() => connectSession(store), [store]);
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          {/* Last resort: an error in the header or footer themselves still gets the 'Oops!' page. */}
          <RouteErrorBoundary resetKey="app">
            <AuthBootstrap>
              <AppRoutes />
            </AuthBootstrap>
          </RouteErrorBoundary>
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
