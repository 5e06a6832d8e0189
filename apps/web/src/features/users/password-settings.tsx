import { alerts, updatePasswordSchema, type UpdatePasswordInput } from '@forkful/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { reasonOf } from '@/lib/api-error';
import { useUpdatePasswordMutation } from './users-api';

/**
 * Change password. The form carries the account's email as a hidden username field, so a password manager knows
 * which saved login the new password belongs to (Chromium asks for one in every password form).
 */
export function PasswordSettings({ email }: { email: string }) {
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { curPassword: '', newPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    setDone(false);
    const result = await updatePassword(values);
    if ('error' in result && result.error) {
      setError(reasonOf(result.error));
      return;
    }
    reset();
    setDone(true);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField label="Current password" required error={errors.curPassword?.message}>
        {(field) => (
          <input
            {...field}
            {...register('curPassword')}
            type="password"
            autoComplete="current-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField label="New password" required error={errors.newPassword?.message} hint="At least 8 characters.">
        {(field) => (
          <input
            {...field}
            {...register('newPassword')}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      {error && <ErrorBox>Error: {error}</ErrorBox>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={isLoading}>
          Change password
        </Button>
        <StatusMessage message={done ? alerts.passwordChanged : null} />
      </div>
    </form>
  );
}
