import type { ReactNode } from 'react';
import { returnQuery, useHere } from '@/lib/login-return';
import { useSession } from '@/lib/session';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/**
 * Spec section 2: a page that needs login shows the login screen instead. After logging in the user stays on the
 * page they asked for (see docs/decisions).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const here = useHere();
  if (isLoggedIn) return children;
  return (
    <AuthCard title="Please log in" subtitle="You need to be logged in to see this page.">
      {/* Signing up instead comes back here too. */}
      <LoginForm signupHref={`/signup${returnQuery({ next: here })}`} />
    </AuthCard>
  );
}
