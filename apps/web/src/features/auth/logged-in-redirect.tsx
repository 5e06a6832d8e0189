import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { loginReturnOf, returnState } from '@/lib/login-return';
import { useSession } from '@/lib/session';

/**
 * Where the log-in and sign-up screens send a logged-in user (null while logged out), replacing their own history
 * entry so that Back never shows the form to someone logged in. A plain visit goes to / (spec section 4); a log-in
 * started from an action goes back to its page and asks it to finish the action. Someone who arrived already logged
 * in (an old tab, a typed address) is sent on without the action: only a log-in made on this screen finishes one.
 * Called by the screen itself, which stays mounted across the log-in, so it knows how the user arrived.
 */
export function useLoggedInRedirect(): ReactNode {
  const { isLoggedIn } = useSession();
  const [params] = useSearchParams();
  const [arrivedLoggedIn] = useState(isLoggedIn);
  if (!isLoggedIn) return null;
  const back = loginReturnOf(params);
  return (
    <Navigate to={back?.next ?? '/'} replace state={arrivedLoggedIn ? undefined : returnState(back?.action ?? null)} />
  );
}
