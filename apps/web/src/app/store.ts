import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/auth-slice';
import { menuSlice } from '@/features/layout/menu-slice';
import { searchSlice } from '@/features/search/search-slice';
import type { api } from '@/lib/api';
import { onApiRegistered } from '@/lib/api-registry';
import { flashSlice } from '@/lib/flash';
import { onSessionExpired } from '@/lib/transport';
import { sessionCleared } from '@/lib/session';

export function createStore() {
  // The server-data cache joins later (lib/api-registry), so the start-up bundle does not carry it.
  const rootReducer = combineSlices(authSlice, menuSlice, searchSlice, flashSlice).withLazyLoadedSlices<{
    api: ReturnType<typeof api.reducer>;
  }>();
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  const stopInjecting = onApiRegistered((cache) => {
    rootReducer.inject({ reducerPath: cache.reducerPath, reducer: cache.reducer });
    dynamicMiddleware.addMiddleware(...cache.middleware);
    // Gives the new slice its initial state before any component reads it.
    store.dispatch({ type: 'app/cacheReady' });
  });
  return Object.assign(store, { dispose: stopInjecting });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
export type RootState = ReturnType<AppStore['getState']>;

/** A refresh that fails means the user is logged out (spec section 8). */
export function connectSession(store: AppStore): () => void {
  return onSessionExpired(() => store.dispatch(sessionCleared()));
}
