import { clientErrors } from '@forkful/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Skeleton } from '@/components/ui/skeleton';
import { reasonOf } from '@/lib/api-error';
import { usePendingLoginAction } from '@/lib/login-return';
import { useSession } from '@/lib/session';
import { ReviewCard } from './review-card';
import { ReviewPanel } from './review-panel';
import { useGetMyReviewQuery, useGetReviewsQuery } from './reviews-api';

interface ReviewPageProps {
  recipeId: string;
  page: number;
  ownUserId: string | null;
  /** What an empty first page says: see emptyListText. */
  emptyText: string;
  isLast: boolean;
  onLoadMore: () => void;
}

/** One page of reviews; the last loaded page offers Load more reviews while pages remain. */
function ReviewPage({ recipeId, page, ownUserId, emptyText, isLast, onLoadMore }: ReviewPageProps) {
  const { data, error, isLoading, isFetching } = useGetReviewsQuery({ recipeId, page });
  if (isLoading) {
    return (
      <li className="space-y-3" aria-busy="true">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
      </li>
    );
  }
  if (error || !data) {
    return (
      <li>
        <ErrorBox>{`${clientErrors.loadReviewsPrefix}${reasonOf(error)}`}</ErrorBox>
      </li>
    );
  }
  // The cook's own review shows in its own panel above, never twice.
  const reviews = data.reviews.filter((review) => review.owner._id !== ownUserId);
  return (
    <>
      {page === 1 && data.totalReviews === 0 && (
        <li className="rounded-2xl border border-dashed border-line bg-white/60 px-5 py-8 text-center text-ink-soft">
          {emptyText}
        </li>
      )}
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
      {isLast && data.curPage < data.totalPages && (
        <li className="flex justify-center pt-2">
          <Button variant="secondary" onClick={onLoadMore} disabled={isFetching}>
            Load more reviews
          </Button>
        </li>
      )}
    </>
  );
}

/**
 * An empty list invites a first review only from someone who can write it: not the author (spec section 4), and not a
 * reader whose own review is shown above (the server leaves it out of the list and its count).
 */
function emptyListText(isAuthor: boolean, hasOwnReview: boolean): string {
  if (isAuthor) return 'No reviews yet';
  if (hasOwnReview) return 'No other reviews yet';
  return 'No reviews yet. Be the first to cook it and tell us how it went.';
}

export function ReviewsSection({ recipeId, authorId }: { recipeId: string; authorId: string }) {
  const { user } = useSession();
  const [pages, setPages] = useState(1);
  const userId = user?._id ?? null;
  const isAuthor = userId === authorId;
  // The panel's own query: the same cache entry, no second request. 'Review not found' is its error (spec section 8),
  // after which `data` may still hold a review that was just deleted.
  const { data: ownReview, isError: noOwnReview } = useGetMyReviewQuery(
    { userId: userId ?? '', recipeId },
    { skip: !userId || isAuthor },
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const [reviewPending, reviewDone] = usePendingLoginAction('review');

  // Back from logging in to write a review: the reviews come into view (below the sticky header, scroll-margin) with
  // the focus on their heading, the form right under it.
  useEffect(() => {
    if (!reviewPending || !userId) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
    reviewDone();
  }, [reviewPending, userId, reviewDone]);

  return (
    <section aria-labelledby="reviews-heading">
      <h2
        id="reviews-heading"
        ref={heading}
        tabIndex={-1}
        className="scroll-mt-[calc(var(--header-height,4.5rem)+1.5rem)] text-2xl font-bold focus:outline-none sm:text-3xl"
      >
        Reviews
      </h2>
      <div className="mt-5">
        <ReviewPanel recipeId={recipeId} userId={userId} isAuthor={isAuthor} />
      </div>
      <ul className="mt-6 space-y-4">
        {Array.from({ length: pages }, (_, i) => (
          <ReviewPage
            key={i + 1}
            recipeId={recipeId}
            page={i + 1}
            ownUserId={userId}
            emptyText={emptyListText(isAuthor, Boolean(userId && ownReview && !noOwnReview))}
            isLast={i + 1 === pages}
            onLoadMore={() => setPages((count) => count + 1)}
          />
        ))}
      </ul>
    </section>
  );
}
