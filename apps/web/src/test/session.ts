import type { User } from '@forkful/contracts';
import { createStore, type AppStore } from '@/app/store';
import { fetchCurrentUser } from '@/features/auth/auth-slice';
import { makeUser } from './factories';

/** Puts the store in the logged-in state the start-up check would produce. */
export function logIn(store: AppStore, user: User = makeUser()): User {
  store.dispatch(fetchCurrentUser.fulfilled(user, 'test'));
  return user;
}

/** A new store already logged in, for a screen that must first render as the signed-in user sees it. */
export function loggedInStore(user: User = makeUser()): AppStore {
  const store = createStore();
  logIn(store, user);
  return store;
}
