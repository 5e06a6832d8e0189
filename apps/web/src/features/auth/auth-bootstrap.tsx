import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useAppDispatch } from '@/lib/store-hooks';
import { fetchCurrentUser } from './auth-slice';
import { maybeSignedIn } from './session-hint';

/** Spec section 2 and 4: a loading screen shows while the current user is checked on start-up. */
export function AuthBootstrap({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
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
