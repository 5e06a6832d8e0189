import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/auth-slice';
import { menuSlice } from '@/features/layout/menu-slice';
import { searchSlice } from '@/features/search/search-slice';
import { api } from '@/lib/api';
import { onSessionExpired } from '@/lib/http';
import { sessionCleared } from '@/lib/session';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  menu: menuSlice.reducer,
  search: searchSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

/** A refresh that fails means the user is logged out (spec section 8). */
export function connectSession(store: AppStore): () => void {
  return onSessionExpired(() => store.dispatch(sessionCleared()));
}
