import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { sessionChanged, useSession } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { fetchCurrentUser } from './auth-slice';
import { maybeSignedIn } from './session-hint';

/**
 * When a session ends (logout, account deletion, a failed refresh), the old user's cached answers go once the screen
 * no longer shows them. Dispatched from an effect: by then the pages that needed the user have unmounted (and
 * unsubscribed), so their queries are dropped instead of being refetched into a 401 or a 404; what stays on screen
 * (a public recipe, say) refetches as a visitor.
 */
function useForgetEndedSession() {
  const dispatch = useAppDispatch();
  const { isLoggedIn } = useSession();
  const wasLoggedIn = useRef(isLoggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !isLoggedIn) dispatch(sessionChanged());
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn, dispatch]);
}

/** Spec section 2 and 4: a loading screen shows while the current user is checked on start-up. */
export function AuthBootstrap({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  useForgetEndedSession();
  // A visitor who has no session cookies starts logged out at once: there is nobody to check.
  const [checked, setChecked] = useState(() => !maybeSignedIn());
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the user is checked once.
    if (checked || started.current) return;
    started.current = true;
    void dispatch(fetchCurrentUser()).finally(() => setChecked(true));
  }, [checked, dispatch]);

  return checked ? children : <LoadingScreen />;
}
