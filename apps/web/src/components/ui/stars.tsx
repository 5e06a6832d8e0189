import { useId } from 'react';
import { cn } from '@/lib/cn';
import { starParts } from '@/lib/stars';

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
