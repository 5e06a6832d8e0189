import { AVATAR_MIME_TYPES, registerSchema, type RegisterInput } from '@forkful/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FieldError, FormField, inputClasses } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useSession } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { loginReturnOf, returnQuery } from '@/lib/login-return';
import { useFileChoice, type FileRefusal } from '@/lib/use-file-choice';
import { AuthCard } from './auth-card';
import { signupUser } from './auth-slice';
import { useLoggedInRedirect } from './logged-in-redirect';

const AVATAR_TYPE_MESSAGE = 'Avatar must be a png or jpeg image';

const pngOrJpeg: FileRefusal = (file) =>
  (AVATAR_MIME_TYPES as readonly string[]).includes(file.type) ? undefined : AVATAR_TYPE_MESSAGE;

export function SignupPage() {
  // Once logged in (by this form, or before arriving), the screen gives way to the redirect.
  return useLoggedInRedirect() ?? <SignupForm />;
}

function SignupForm() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { loading } = useSession();
  const avatarId = useId();
  const avatarChoice = useFileChoice(pngOrJpeg);
  const { file: avatar, preview, fieldError: avatarError } = avatarChoice;
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (avatarError) return;
    setServerError(null);
    setProgress(avatar ? 0 : null);
    const result = await dispatch(
      signupUser({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        avatar,
        onUploadProgress: avatar ? setProgress : undefined,
      }),
    );
    // Success needs nothing here: the logged-in session swaps this form for the redirect, which goes to / or back to
    // the page the sign-up was started from.
    if (!signupUser.fulfilled.match(result)) {
      setProgress(null);
      setServerError(result.payload?.reason ?? 'Something went wrong');
    }
  });

  return (
    <AuthCard title="Join Forkful" subtitle="Share your recipes and keep the ones you love.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <FormField label="Name" required error={errors.name?.message}>
          {(control) => <input {...control} {...register('name')} autoComplete="name" className={inputClasses} />}
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          {(control) => (
            <input {...control} {...register('email')} type="email" autoComplete="email" className={inputClasses} />
          )}
        </FormField>
        <FormField label="Password" required error={errors.password?.message} hint="At least 8 characters.">
          {(control) => (
            <input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="new-password"
              className={inputClasses}
            />
          )}
        </FormField>
        <div>
          <span className="mb-1.5 block text-sm font-semibold">
            Avatar <span className="font-normal text-ink-soft">(optional, png or jpeg)</span>
          </span>
          <div className="flex items-center gap-4">
            <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-full bg-cream-deep text-ink-soft">
              {preview ? (
                <img src={preview} alt="Your new avatar" className="size-full object-cover" />
              ) : (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 fill-current">
                  <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
                </svg>
              )}
            </span>
            <label
              htmlFor={avatarId}
              className="cursor-pointer rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:border-brand-500 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500"
            >
              {avatar ? 'Change avatar' : 'Choose avatar'}
              <input
                id={avatarId}
                type="file"
                accept={AVATAR_MIME_TYPES.join(',')}
                className="sr-only"
                aria-invalid={Boolean(avatarError)}
                aria-describedby={avatarError ? `${avatarId}-error` : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) avatarChoice.choose(file);
                }}
              />
            </label>
          </div>
          <FieldError id={`${avatarId}-error`} message={avatarError} />
        </div>
        {progress !== null && <ProgressBar value={progress} label="Uploading avatar" />}
        {serverError && <ErrorBox>Error: {serverError}</ErrorBox>}
        <Button type="submit" size="lg" className="w-full" disabled={loading || avatarChoice.checking}>
          {loading ? 'Creating account…' : 'Signup'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-soft">
        Already have an account?{' '}
        <Link
          to={`/login${returnQuery(loginReturnOf(params))}`}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
