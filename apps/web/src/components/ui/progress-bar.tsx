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
    <div className="flex items-center gap-3">
      <div className="min-w-0 flex-1">
        {/* The progressbar below carries the same name and value for assistive technology. */}
        <p aria-hidden="true" className="mb-1.5 flex justify-between gap-3 text-sm font-medium text-ink">
          <span>{sent ? 'Processing…' : `${label}…`}</span>
          <span className="tabular-nums text-ink-soft">{percent}%</span>
        </p>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={sent ? `${percent}%, processing` : `${percent}%`}
          className="h-2 overflow-hidden rounded-full bg-cream-deep"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {onCancel && !sent && (
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel upload
        </Button>
      )}
    </div>
  );
}
