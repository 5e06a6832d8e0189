import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/factories';
import { sessionCleared, sessionUserUpdated, type AuthState } from '@/lib/session';
import { authSlice, fetchCurrentUser, initialAuthState, loginUser, logoutUser, signupUser } from './auth-slice';

const reduce = authSlice.reducer;
const user = makeUser({ name: 'Ada' });
const error = { message: 'x', statusCode: 401, reason: 'Unauthorized' };
const loggedIn: AuthState = { isLoggedIn: true, user, loading: false };
const busy = (state: AuthState): AuthState => ({ ...state, loading: true });

describe('auth slice (spec section 4)', () => {
  it('starts logged out with no user', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual({ isLoggedIn: false, user: null, loading: false });
  });

  it('fetching the current user: loading, then logged in or logged out', () => {
    const pending = reduce(initialAuthState, fetchCurrentUser.pending('r'));
    expect(pending.loading).toBe(true);
    expect(reduce(pending, fetchCurrentUser.fulfilled(user, 'r'))).toEqual(loggedIn);
    expect(reduce(busy(loggedIn), fetchCurrentUser.rejected(null, 'r', undefined, error))).toEqual(initialAuthState);
  });

  it('login sets logged-in and stores the user; a failed login stays logged out', () => {
    const args = { email: 'ada@example.com', password: 'secret' };
    const pending = reduce(initialAuthState, loginUser.pending('r', args));
    expect(pending.loading).toBe(true);
    expect(reduce(pending, loginUser.fulfilled(user, 'r', args))).toEqual(loggedIn);
    expect(reduce(pending, loginUser.rejected(null, 'r', args, error))).toEqual(initialAuthState);
  });

  it('signup logs in', () => {
    const args = { name: 'Ada', email: 'ada@example.com', password: 'password1' };
    expect(reduce(initialAuthState, signupUser.pending('r', args)).loading).toBe(true);
    expect(reduce(busy(initialAuthState), signupUser.fulfilled(user, 'r', args))).toEqual(loggedIn);
    expect(reduce(busy(initialAuthState), signupUser.rejected(null, 'r', args, error))).toEqual(initialAuthState);
  });

  it('logout clears both whether or not the call succeeds', () => {
    expect(reduce(loggedIn, logoutUser.pending('r')).loading).toBe(true);
    expect(reduce(busy(loggedIn), logoutUser.fulfilled(undefined, 'r'))).toEqual(initialAuthState);
    expect(reduce(busy(loggedIn), logoutUser.rejected(null, 'r', undefined, error))).toEqual(initialAuthState);
  });

  it('a cleared session (account deleted, refresh failed) logs out', () => {
    expect(reduce(loggedIn, sessionCleared())).toEqual(initialAuthState);
  });

  it('profile changes to the current user replace the stored user; others are ignored', () => {
    const renamed = { ...user, name: 'Ada L.' };
    expect(reduce(loggedIn, sessionUserUpdated(renamed)).user).toEqual(renamed);
    expect(reduce(loggedIn, sessionUserUpdated({ ...user, _id: 'u2' })).user).toEqual(user);
  });
});
