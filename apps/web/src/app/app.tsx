import { StrictMode, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { AuthBootstrap } from '@/features/auth/auth-bootstrap';
import { createAppRouter } from './router';
import { connectSession, createStore } from './store';

export function App() {
  const [store] = useState(createStore);
  // Created at start-up so the current page's chunk downloads while the user is being checked.
  const [router] = useState(createAppRouter);
  useEffect(() => connectSession(store), [store]);
  return (
    <StrictMode>
      <Provider store={store}>
        <AuthBootstrap>
          <RouterProvider router={router} />
        </AuthBootstrap>
      </Provider>
    </StrictMode>
  );
}
