import { Button } from './button';

interface ProgressBarProps {
  /** 0..1 of the bytes sent. */
  value: number;
  /** What is being sent, e.g. 'Uploading photo'. */
  label: string;
  /** Stops the upload; offered only while bytes are still on their way (see below). */
  onCancel?: () => void;
}

/**
 * Upload progress, in words as well as a bar ('Uploading photo… 40%'). Once every byte is sent the server is
 * storing the upload, and stopping the request then would not undo that: the bar says so and Cancel goes away.
 */
export function ProgressBar({ value, label, onCancel }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  const sent = percent >= 100;
  return (
    <div>
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        {/* The progressbar below carries the same name and value for assistive technology. */}
        <p aria-hidden="true" className="text-sm font-medium text-ink">
          <span>{sent ? 'Processing…' : `${label}…`}</span>{' '}
          <span className="tabular-nums text-ink-soft">{percent}%</span>
        </p>
        {onCancel && !sent && (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel upload
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={sent ? `${percent}%, processing` : `${percent}%`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-cream-deep"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
