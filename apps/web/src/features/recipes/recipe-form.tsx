import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { EntryRows } from './entry-rows';
import { createFormSchema, editFormSchema, type RecipeFormInput, type RecipeFormValues } from './recipe-form-schema';

interface RecipeFormProps {
  mode: 'create' | 'edit';
  defaultValues: RecipeFormInput;
  submitting: boolean;
  /** publish: Publish / Save (true) or Save Draft (false). */
  onSubmit: (values: RecipeFormValues, publish: boolean) => void;
  onCancel: () => void;
  /** Extra fields placed after the introduction (the photo on create). */
  children?: ReactNode;
  footer?: ReactNode;
}

export function RecipeForm({ mode, defaultValues, submitting, onSubmit, onCancel, children, footer }: RecipeFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<RecipeFormInput, unknown, RecipeFormValues>({
    resolver: zodResolver(mode === 'create' ? createFormSchema : editFormSchema),
    defaultValues,
  });

  // Publish/Save and Save Draft are both submit buttons; the one pressed decides isPublished.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const publish = submitter?.getAttribute('data-publish') !== 'false';
    void handleSubmit((values) => onSubmit(values, publish))(event);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-7">
      <FormField label="Title" required error={errors.title?.message}>
        {(field) => (
          <input {...field} {...register('title')} placeholder="e.g. Smoky tomato pasta" className={inputClasses} />
        )}
      </FormField>
      <FormField label="Introduction" error={errors.introduction?.message} hint="A line or two: what makes it good?">
        {(field) => (
          <textarea
            {...field}
            {...register('introduction')}
            rows={3}
            className={`${inputClasses} min-h-24 resize-y field-sizing-content`}
          />
        )}
      </FormField>
      {children}
      <FormField label="Cooking time (mins)" required error={errors.cookingTime?.message} className="max-w-xs">
        {(field) => (
          <input
            {...field}
            {...register('cookingTime')}
            inputMode="numeric"
            placeholder="25"
            className={inputClasses}
          />
        )}
      </FormField>
      <EntryRows
        name="ingredients"
        legend="Ingredients"
        itemLabel="Ingredient"
        placeholder="e.g. 400 g spaghetti"
        control={control}
        register={register}
        errors={errors}
      />
      <EntryRows
        name="steps"
        legend="Steps"
        itemLabel="Step"
        placeholder="e.g. Boil the pasta in well-salted water."
        control={control}
        register={register}
        errors={errors}
        multiline
      />
      {footer}
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" disabled={submitting} data-publish="false">
          Save Draft
        </Button>
        <Button type="submit" disabled={submitting} data-publish="true">
          {mode === 'create' ? 'Publish' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
