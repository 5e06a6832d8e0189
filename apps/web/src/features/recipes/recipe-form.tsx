import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { EntryRows } from './entry-rows';
import {
  createFormSchema,
  editFormSchema,
  recipeLimits,
  type RecipeFormInput,
  type RecipeFormValues,
} from './recipe-form-schema';

const MINUTES_PER_DAY = 24 * 60;
const cookingTimeHint = `Up to ${recipeLimits.cookingTimeMinutes.toLocaleString('en-US')} minutes (${
  recipeLimits.cookingTimeMinutes / MINUTES_PER_DAY
} days)`;

interface RecipeFormProps {
  mode: 'create' | 'edit';
  /** On edit: whether the recipe is published now, so the form can say what Save and Save Draft will do to it. */
  published?: boolean;
  defaultValues: RecipeFormInput;
  submitting: boolean;
  /** publish: Publish / Save (true) or Save Draft (false). */
  onSubmit: (values: RecipeFormValues, publish: boolean) => void;
  onCancel: () => void;
  /** Extra fields placed after the introduction (the photo on create). */
  children?: ReactNode;
  footer?: ReactNode;
}

export function RecipeForm({
  mode,
  published,
  defaultValues,
  submitting,
  onSubmit,
  onCancel,
  children,
  footer,
}: RecipeFormProps) {
  const publishNoteId = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<RecipeFormInput, unknown, RecipeFormValues>({
    resolver: zodResolver(mode === 'create' ? createFormSchema : editFormSchema),
    defaultValues,
  });
  // The schema trims before it counts, so the counters do too.
  const title = useWatch({ control, name: 'title' }).trim();
  const introduction = (useWatch({ control, name: 'introduction' }) ?? '').trim();
  const yieldText = (useWatch({ control, name: 'yieldText' }) ?? '').trim();

  // Publish/Save and Save Draft are both submit buttons; the one pressed decides isPublished.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const publish = submitter?.getAttribute('data-publish') !== 'false';
    void handleSubmit((values) => onSubmit(values, publish))(event);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-7">
      <FormField
        label="Title"
        required
        error={errors.title?.message}
        count={{ length: title.length, max: recipeLimits.title }}
      >
        {(field) => (
          <input {...field} {...register('title')} placeholder="e.g. Smoky tomato pasta" className={inputClasses} />
        )}
      </FormField>
      <FormField
        label="Introduction"
        error={errors.introduction?.message}
        hint="A line or two: what makes it good?"
        count={{
          length: introduction.length,
          max: recipeLimits.introduction,
          from: Math.floor(recipeLimits.introduction * 0.9),
        }}
      >
        {(field) => (
          <textarea
            {...field}
            {...register('introduction')}
            rows={3}
            className={`${inputClasses} min-h-24 resize-y field-sizing-content wrap-anywhere`}
          />
        )}
      </FormField>
      {children}
      <div className="grid gap-x-5 gap-y-7 sm:grid-cols-[minmax(0,14rem)_minmax(0,10rem)_minmax(0,1fr)]">
        <FormField label="Cooking time (mins)" required error={errors.cookingTime?.message} hint={cookingTimeHint}>
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
        {/* Issue 17: a count lets readers scale the recipe; the yield is kept as written. */}
        <FormField
          label={
            <>
              Servings <span className="font-normal text-ink-soft">(optional)</span>
            </>
          }
          error={errors.servings?.message}
          hint="1 to 100; lets readers scale it"
        >
          {(field) => (
            <input {...field} {...register('servings')} inputMode="numeric" placeholder="4" className={inputClasses} />
          )}
        </FormField>
        <FormField
          label={
            <>
              Yield <span className="font-normal text-ink-soft">(optional)</span>
            </>
          }
          error={errors.yieldText?.message}
          hint="As you would say it"
          count={{
            length: yieldText.length,
            max: recipeLimits.yieldText,
            from: Math.floor(recipeLimits.yieldText * 0.8),
          }}
        >
          {(field) => (
            <input
              {...field}
              {...register('yieldText')}
              placeholder="e.g. 24 cookies, 1 loaf"
              className={inputClasses}
            />
          )}
        </FormField>
      </div>
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
      <div className="space-y-4 border-t border-line pt-6">
        {mode === 'edit' && <PublishNote id={publishNoteId} published={published ?? false} />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="secondary"
            disabled={submitting}
            data-publish="false"
            aria-describedby={mode === 'edit' ? publishNoteId : undefined}
          >
            Save Draft
          </Button>
          <Button
            type="submit"
            disabled={submitting}
            data-publish="true"
            aria-describedby={mode === 'edit' ? publishNoteId : undefined}
          >
            {mode === 'create' ? 'Publish' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * On edit, Save publishes and Save Draft unpublishes (spec section 4): a cook fixing a typo in a draft is told so
 * before choosing, next to the buttons, and each button is described by it.
 */
function PublishNote({ id, published }: { id: string; published: boolean }) {
  return (
    <div className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-2xl bg-cream px-4 py-3 text-sm sm:flex-nowrap">
      <span
        className={
          published
            ? 'shrink-0 rounded-full bg-herb-50 px-2.5 py-0.5 font-semibold text-herb-600'
            : 'shrink-0 rounded-full bg-cream-deep px-2.5 py-0.5 font-semibold text-ink'
        }
      >
        {published ? 'Published' : 'Draft'}
      </span>
      <p id={id} className="min-w-0 text-ink-soft">
        {published ? (
          <>
            Everyone can see this recipe. <strong className="text-ink">Save</strong> keeps it published;{' '}
            <strong className="text-ink">Save Draft</strong> takes it off the site, so only you can see it.
          </>
        ) : (
          <>
            Only you can see this draft. <strong className="text-ink">Save</strong> publishes it for everyone;{' '}
            <strong className="text-ink">Save Draft</strong> keeps it private.
          </>
        )}
      </p>
    </div>
  );
}
