import { cn } from '@/lib/cn';

interface CloseButtonProps {
  onClick: () => void;
  label?: string;
  /** md: in a card's corner, soft until hovered; lg: in a bar, as large and dark as the bar's other buttons. */
  size?: 'md' | 'lg';
  className?: string;
}

/** The round × button that closes a card, a form or the phone menu. */
export function CloseButton({ onClick, label = 'Close', size = 'md', className }: CloseButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'grid place-items-center rounded-full hover:bg-cream-deep',
        size === 'md' ? 'size-10 text-ink-soft hover:text-ink' : 'size-11 text-ink',
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={cn('stroke-current stroke-2', size === 'md' ? 'size-5' : 'size-6')}
      >
        <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
      </svg>
    </button>
  );
}
