import type { User } from '@forkful/contracts';
import { createAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

/** Spec section 3, client state "auth". The auth feature owns the slice; other features only read it. */
export interface AuthState {
  isLoggedIn: boolean;
  user: User | null;
  loading: boolean;
}

/** Any feature may end the session (account deleted, refresh failed) without importing the auth feature. */
export const sessionCleared = createAction('session/cleared');
/** The profile feature changed the current user's name or avatar; the header must show it. */
export const sessionUserUpdated = createAction<User>('session/userUpdated');
/**
 * Someone logged in or out: cached answers that depend on who asks (drafts, saved state, own review) are stale. A
 * log-in says so before the logged-in screen shows; a session that ended says so once the logged-out screen has
 * replaced the old user's pages (features/auth, AuthBootstrap), so their queries are dropped rather than refetched
 * into a 401.
 */
export const sessionChanged = createAction('session/changed');

export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;

export function useSession(): AuthState {
  return useSelector(selectAuth);
}
