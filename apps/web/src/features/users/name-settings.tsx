import { updateDetailsSchema, type UpdateDetailsInput, type User } from '@forkful/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { reasonOf } from '@/lib/api-error';
import { sessionUserUpdated } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { useUpdateDetailsMutation } from './users-api';

export function NameSettings({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [updateDetails, { isLoading }] = useUpdateDetailsMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateDetailsInput>({ resolver: zodResolver(updateDetailsSchema), defaultValues: { name: user.name } });

  const submit = handleSubmit(async ({ name }) => {
    setError(null);
    setDone(false);
    const result = await updateDetails({ name: name.trim() });
    if (result.data) {
      dispatch(sessionUserUpdated(result.data.user));
      setDone(true);
    } else if (result.error) setError(reasonOf(result.error));
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <FormField label="Name" required error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} autoComplete="name" className={inputClasses} />}
      </FormField>
      {error && <ErrorBox>Error: {error}</ErrorBox>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={isLoading}>
          Save name
        </Button>
        <StatusMessage message={done ? 'Name updated' : null} />
      </div>
    </form>
  );
}
