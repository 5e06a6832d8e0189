import {
  messages,
  REVIEW_COMMENT_MAX,
  reviewSchemaInput,
  type ReviewInput,
  type ReviewValues,
} from '@forkful/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CloseButton } from '@/components/ui/close-button';
import { FieldError, RequiredMark, inputClasses } from '@/components/ui/form-field';
import { StarRatingInput } from '@/components/ui/stars';
import { cn } from '@/lib/cn';

interface ReviewFormProps {
  title: string;
  defaultValues?: Partial<ReviewValues>;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: ReviewValues) => void;
  /** Extra actions (Delete my review) and messages. */
  children?: ReactNode;
  onClose?: () => void;
  /** Takes the keyboard focus when it appears (in place of something the cook was using that went away). */
  focusOnMount?: boolean;
}

/** Rating 1–5 (required) and a comment of at most 250 characters; submit stays disabled until valid. */
export function ReviewForm({
  title,
  defaultValues,
  submitLabel,
  submitting,
  onSubmit,
  children,
  onClose,
  focusOnMount,
}: ReviewFormProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid, dirtyFields },
  } = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewSchemaInput),
    mode: 'onChange',
    defaultValues: { comment: '', ...defaultValues },
  });
  const { field: ratingField } = useController({ control, name: 'rating' });
  const rating = ratingField.value;
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  // The rating cannot be "un-chosen", so its message shows once the cook has started writing without one.
  const ratingError =
    errors.rating?.message ?? (dirtyFields.comment && rating === undefined ? messages.ratingRequired : undefined);
  const commentError = errors.comment?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="relative rounded-2xl border border-line bg-white p-5 shadow-card sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="pr-10 text-xl font-semibold focus:outline-none">
        {title}
      </h3>
      {onClose && <CloseButton onClick={onClose} className="absolute top-4 right-4" />}
      <div className="mt-4">
        <p id={`${id}-rating`} className="text-sm font-semibold">
          Rating
          <RequiredMark />
        </p>
        <div className="mt-2">
          <StarRatingInput
            value={rating}
            onChange={ratingField.onChange}
            onBlur={ratingField.onBlur}
            labelledBy={`${id}-rating`}
            describedBy={ratingError ? `${id}-rating-error` : undefined}
            invalid={Boolean(ratingError)}
          />
        </div>
        <FieldError id={`${id}-rating-error`} message={ratingError} />
      </div>
      <div className="mt-4">
        <label htmlFor={`${id}-comment`} className="mb-1.5 block text-sm font-semibold">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          {...register('comment')}
          aria-invalid={Boolean(commentError)}
          aria-describedby={`${id}-count${commentError ? ` ${id}-comment-error` : ''}`}
          className={`${inputClasses} resize-y`}
          placeholder="What worked? What would you change?"
        />
        <p
          id={`${id}-count`}
          className={cn(
            'mt-1 text-right text-xs tabular-nums',
            comment.length > REVIEW_COMMENT_MAX ? 'text-danger-600' : 'text-ink-soft',
          )}
        >
          {comment.length}/{REVIEW_COMMENT_MAX}
        </p>
        <FieldError id={`${id}-comment-error`} message={commentError} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!isValid || submitting}>
          {submitting ? 'Sending…' : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
