import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { RATING_MAX, ratingAfterKey, starParts } from '@/lib/stars';

const STAR = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';

function Star({ fill, className }: { fill: 'full' | 'half' | 'empty'; className?: string }) {
  const gradientId = useId();
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={cn('shrink-0', className)} data-star={fill}>
      {fill === 'half' && (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="#e8dccd" />
          </linearGradient>
        </defs>
      )}
      <path d={STAR} fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${gradientId})` : '#e8dccd'} />
    </svg>
  );
}

/** Average rating as five stars (spec section 9). */
export function Stars({ rating, className, size = 'md' }: { rating: number; className?: string; size?: 'sm' | 'md' }) {
  const { full, half, empty } = starParts(rating);
  const starClass = size === 'sm' ? 'size-4' : 'size-5';
  return (
    <span
      role="img"
      aria-label={`Rated ${Math.round(rating * 10) / 10} out of 5`}
      className={cn('inline-flex items-center gap-0.5 text-saffron', className)}
    >
      {Array.from({ length: full }, (_, i) => (
        <Star key={`f${i}`} fill="full" className={starClass} />
      ))}
      {half && <Star fill="half" className={starClass} />}
      {Array.from({ length: empty }, (_, i) => (
        <Star key={`e${i}`} fill="empty" className={starClass} />
      ))}
    </span>
  );
}

interface StarRatingInputProps {
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  /** The id of the visible label ("Rating"). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

const RATINGS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/**
 * Choosing a rating: a WAI-ARIA radio group with a roving tabindex (one Tab stop: the chosen star, or the first).
 * Arrows move one star in reading direction and choose it; Space chooses the focused star. Pointing at a star
 * previews the rating by lighting every star up to it.
 */
export function StarRatingInput({ value, onChange, onBlur, labelledBy, describedBy, invalid }: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const stars = useRef<(HTMLSpanElement | null)[]>([]);
  const lit = hovered ?? value ?? 0;
  const tabStop = value ?? 1;

  const choose = (rating: number) => {
    onChange(rating);
    stars.current[rating - 1]?.focus();
  };

  const onKeyDown = (star: number, event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === ' ' || event.key === 'Enter') {
      // Enter would otherwise submit the form before a rating exists.
      event.preventDefault();
      onChange(star);
      return;
    }
    const next = ratingAfterKey(star, event.key);
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-required="true"
      aria-invalid={invalid || undefined}
      className="flex w-fit"
    >
      {RATINGS.map((star) => (
        <span
          key={star}
          ref={(element) => {
            stars.current[star - 1] = element;
          }}
          role="radio"
          aria-checked={value === star}
          aria-label={`${star} star${star === 1 ? '' : 's'}`}
          tabIndex={star === tabStop ? 0 : -1}
          data-lit={star <= lit}
          onClick={() => choose(star)}
          onKeyDown={(event) => onKeyDown(star, event)}
          // Stars touch (padding, no gap), so moving along them never passes through "nothing pointed at".
          onMouseEnter={() => setHovered(star)}
          onMouseLeave={() => setHovered(null)}
          onBlur={onBlur}
          className="cursor-pointer rounded-md px-0.5"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={cn(
              'size-9 transition-colors',
              star > lit ? 'fill-line' : hovered !== null && hovered !== value ? 'fill-saffron/70' : 'fill-saffron',
            )}
          >
            <path d={STAR} />
          </svg>
        </span>
      ))}
    </div>
  );
}
