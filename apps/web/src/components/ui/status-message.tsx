import { cn } from '@/lib/cn';
import { CloseButton } from './close-button';

interface StatusMessageProps {
  /** The confirmation to show; null keeps the (empty) live region in place. */
  message: string | null;
  /** Shows a close button beside a message that stays until dismissed. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * The one way the site says "done" ('Name updated', 'Password changed', …): a green note in a polite live region.
 * Render it before there is anything to say, so the words are announced when they arrive (a region that appears
 * with its text already inside is often not read out).
 */
export function StatusMessage({ message, onDismiss, className }: StatusMessageProps) {
  return (
    <div
      className={cn(
        message &&
          'flex items-center gap-2 rounded-xl border border-herb-600/30 bg-herb-50 py-2 pl-3 text-sm font-medium text-herb-600',
        message && (onDismiss ? 'pr-1' : 'pr-4'),
        className,
      )}
    >
      <div role="status" className="flex min-w-0 flex-1 items-center gap-2">
        {message && (
          <>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-current">
              <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm3.7 5.2 1.1 1.1-5.6 5.6-3.3-3.3 1.1-1.1 2.2 2.2 4.5-4.5Z" />
            </svg>
            <span className="min-w-0">{message}</span>
          </>
        )}
      </div>
      {message && onDismiss && <CloseButton onClick={onDismiss} label="Dismiss" className="size-8 shrink-0" />}
    </div>
  );
}
