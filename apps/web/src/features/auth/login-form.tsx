import { loginSchema, type LoginInput } from '@forkful/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { useSession } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { loginUser } from './auth-slice';
import { DemoCredentials } from './demo-credentials';

interface LoginFormProps {
  onLoggedIn?: () => void;
  /** The sign-up link: it carries the page to return to when the log-in was started from one. */
  signupHref?: string;
}

export function LoginForm({ onLoggedIn, signupHref = '/signup' }: LoginFormProps) {
  const dispatch = useAppDispatch();
  const { loading } = useSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await dispatch(loginUser({ email: values.email.trim(), password: values.password }));
    if (loginUser.fulfilled.match(result)) onLoggedIn?.();
    else setServerError(result.payload?.reason ?? 'Something went wrong');
  });

  return (
    <div className="space-y-6">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <FormField label="Email" required error={errors.email?.message}>
          {(control) => (
            <input {...control} {...register('email')} type="email" autoComplete="email" className={inputClasses} />
          )}
        </FormField>
        <FormField label="Password" required error={errors.password?.message}>
          {(control) => (
            <input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="current-password"
              className={inputClasses}
            />
          )}
        </FormField>
        {serverError && <ErrorBox>Error: {serverError}</ErrorBox>}
        <Button type="submit" size="lg" className="w-full" disabled={loading}>
          {loading ? 'Logging in…' : 'Login'}
        </Button>
      </form>
      <DemoCredentials />
      <p className="text-center text-sm text-ink-soft">
        New to Forkful?{' '}
        <Link to={signupHref} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}
