import { messages, type Review, type ReviewValues } from '@forkful/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError, reasonOf } from '@/lib/api-error';
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

function NewReview({ recipeId }: { recipeId: string }) {
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
    >
      {error && <ErrorBox className="w-full">Error: {error}</ErrorBox>}
    </ReviewForm>
  );
}

function ExistingReview({ review, recipeId }: { review: Review; recipeId: string }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [updateReview, updateState] = useUpdateReviewMutation();
  const [deleteReview, deleteState] = useDeleteReviewMutation();

  const update = async (body: ReviewValues) => {
    setError(null);
    const result = await updateReview({ reviewId: review._id, recipeId, body });
    if ('error' in result && result.error) setError(reasonOf(result.error));
    else setEditing(false);
  };
  const remove = async () => {
    setError(null);
    const result = await deleteReview({ reviewId: review._id, recipeId });
    if ('error' in result && result.error) setError(reasonOf(result.error));
  };

  if (editing) {
    return (
      <ReviewForm
        title="Update your review"
        submitLabel="Update review"
        defaultValues={{ rating: review.rating, comment: review.comment }}
        submitting={updateState.isLoading || deleteState.isLoading}
        onSubmit={(values) => void update(values)}
        onClose={() => setEditing(false)}
      >
        <Button variant="danger-ghost" disabled={deleteState.isLoading} onClick={() => void remove()}>
          Delete my review
        </Button>
        {error && <ErrorBox className="w-full">Error: {error}</ErrorBox>}
      </ReviewForm>
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

  if (!userId) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white/60 px-5 py-4 text-ink-soft">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
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
  return (
    <Suspense fallback={formPlaceholder}>
      {data && !error ? <ExistingReview review={data} recipeId={recipeId} /> : <NewReview recipeId={recipeId} />}
    </Suspense>
  );
}
