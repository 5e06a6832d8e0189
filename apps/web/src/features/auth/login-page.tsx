import { useSearchParams } from 'react-router';
import { loginReturnOf, returnQuery, type LoginAction } from '@/lib/login-return';
import { AuthCard } from './auth-card';
import { useLoggedInRedirect } from './logged-in-redirect';
import { LoginForm } from './login-form';

/** Says what happens after logging in from an action, so the cook knows it is not lost. */
const SUBTITLES: Record<LoginAction, string> = {
  save: 'Log in to save this recipe. You will be right back on it.',
  review: 'Log in to review this recipe. You will be right back on it.',
};

export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = useLoggedInRedirect();
  if (redirect) return redirect;
  const back = loginReturnOf(params);
  return (
    <AuthCard
      title="Welcome back"
      subtitle={back?.action ? SUBTITLES[back.action] : 'Log in to save recipes, write reviews and share your own.'}
    >
      {/* A sign-up from here returns to the same page. */}
      <LoginForm signupHref={`/signup${returnQuery(back)}`} />
    </AuthCard>
  );
}
