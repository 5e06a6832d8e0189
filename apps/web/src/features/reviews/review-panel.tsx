import { alerts, messages, type Review, type ReviewValues } from '@forkful/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusMessage } from '@/components/ui/status-message';
import { isApiError, reasonOf } from '@/lib/api-error';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { loginHref, useHere } from '@/lib/login-return';
import { ReviewCard } from './review-card';
import {
  useCreateReviewMutation,
  useDeleteReviewMutation,
  useGetMyReviewQuery,
  useUpdateReviewMutation,
} from './reviews-api';

// The form (react-hook-form and the zod schema) loads only for a logged-in reader who can review; visitors see a
// log-in prompt and never download it.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));
const formPlaceholder = <Skeleton className="h-40 rounded-2xl" />;

const REVIEW_DELETED = 'Your review was deleted.';

function NewReview({ recipeId, afterDeletion }: { recipeId: string; afterDeletion: boolean }) {
  const [createReview, { isLoading }] = useCreateReviewMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async (body: ReviewValues) => {
    setError(null);
    const result = await createReview({ recipeId, body });
    if ('error' in result && result.error) setError(reasonOf(result.error));
  };
  return (
    <ReviewForm
      title="Write a review"
      submitLabel="Submit review"
      submitting={isLoading}
      onSubmit={(v) => void submit(v)}
      // The edit form the cook deleted from is gone; the empty form takes the keyboard focus it had.
      focusOnMount={afterDeletion}
    >
      {error && <ErrorBox className="w-full">Error: {error}</ErrorBox>}
    </ReviewForm>
  );
}

function ExistingReview({ review, recipeId, onDeleted }: { review: Review; recipeId: string; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [updateReview, updateState] = useUpdateReviewMutation();
  const [deleteReview] = useDeleteReviewMutation();
  const deletion = useConfirmedAction({
    run: () => deleteReview({ reviewId: review._id, recipeId }),
    onDone: onDeleted,
    failureShown: 'in-dialog',
  });

  const update = async (body: ReviewValues) => {
    setError(null);
    const result = await updateReview({ reviewId: review._id, recipeId, body });
    if ('error' in result && result.error) setError(reasonOf(result.error));
    else setEditing(false);
  };

  if (editing) {
    return (
      <>
        <ReviewForm
          title="Update your review"
          submitLabel="Update review"
          defaultValues={{ rating: review.rating, comment: review.comment }}
          submitting={updateState.isLoading || deletion.dialog.busy}
          onSubmit={(values) => void update(values)}
          onClose={() => setEditing(false)}
        >
          <Button variant="danger-ghost" disabled={deletion.dialog.busy} onClick={deletion.ask}>
            Delete my review
          </Button>
          {error && <ErrorBox className="w-full">Error: {error}</ErrorBox>}
        </ReviewForm>
        <ConfirmDialog
          {...deletion.dialog}
          title={alerts.deleteConfirmTitle}
          text={alerts.deleteConfirmText}
          confirmLabel="Delete review"
          error={deletion.error && <ErrorBox>Error: {deletion.error}. Please try again.</ErrorBox>}
        />
      </>
    );
  }

  return (
    <div className="space-y-3">
      <p className="font-semibold text-herb-600">{messages.reviewAlreadyExists}</p>
      <ReviewCard review={review} highlight />
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Update My Review
      </Button>
      {error && <ErrorBox>Error: {error}</ErrorBox>}
    </div>
  );
}

/**
 * The logged-in cook's own review (spec section 4): 'Review not found' is not an error and shows the new-review
 * form; otherwise the review shows with Update My Review. Authors get no form on their own recipe.
 */
export function ReviewPanel({
  recipeId,
  userId,
  isAuthor,
}: {
  recipeId: string;
  userId: string | null;
  isAuthor: boolean;
}) {
  const { data, error, isLoading } = useGetMyReviewQuery(
    { userId: userId ?? '', recipeId },
    { skip: !userId || isAuthor },
  );
  const [deleted, setDeleted] = useState(false);
  // Logging in from here comes back to this recipe's reviews (lib/login-return).
  const here = useHere();

  if (!userId) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white/60 px-5 py-4 text-ink-soft">
        <Link to={loginHref(here, 'review')} className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>{' '}
        to rate this recipe and leave a review.
      </p>
    );
  }
  if (isAuthor) return null;
  if (isLoading) return formPlaceholder;
  if (error && !(isApiError(error) && error.reason === messages.reviewNotFound)) {
    return <ErrorBox>Error: {reasonOf(error)}</ErrorBox>;
  }
  const hasReview = Boolean(data && !error);
  return (
    <>
      {/* In place before a deletion, so 'deleted' is announced; it goes once there is a review again. */}
      <StatusMessage
        message={deleted && !hasReview ? REVIEW_DELETED : null}
        className={deleted && !hasReview ? 'mb-4' : undefined}
      />
      <Suspense fallback={formPlaceholder}>
        {data && hasReview ? (
          <ExistingReview review={data} recipeId={recipeId} onDeleted={() => setDeleted(true)} />
        ) : (
          <NewReview recipeId={recipeId} afterDeletion={deleted} />
        )}
      </Suspense>
    </>
  );
}
