import type { Review } from '@forkful/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Stars } from '@/components/ui/stars';
import { timeAgo } from '@/lib/time';

export function ReviewCard({ review, highlight }: { review: Review; highlight?: boolean }) {
  return (
    <article
      className={`rounded-2xl border p-5 ${highlight ? 'border-brand-500/40 bg-brand-50/60' : 'border-line bg-white'}`}
      aria-label={`Review by ${review.owner.name}`}
    >
      <header className="flex items-center gap-3">
        <Avatar
          url={review.owner.avatar.url}
          variants={review.owner.avatar.variants}
          name={review.owner.name}
          px={40}
          decorative
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{review.owner.name}</p>
          <p className="text-sm text-ink-soft">
            <time dateTime={review.updatedAt}>{timeAgo(review.updatedAt)}</time>
          </p>
        </div>
        <Stars rating={review.rating} size="sm" />
      </header>
      {review.comment && (
        <p className="mt-3 leading-relaxed wrap-anywhere whitespace-pre-line text-ink">{review.comment}</p>
      )}
    </article>
  );
}
