import { addDays, mondayOf } from '@forkful/contracts';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogCloseFooter } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { reasonOf } from '@/lib/api-error';
import { useCopyWeekMutation, useGetCalendarLinkQuery, useRegenerateCalendarLinkMutation } from './meal-plan-api';
import { weekLabel } from './week';

interface CopyWeekDialogProps {
  open: boolean;
  monday: string;
  onClose: () => void;
  onCopied: (message: string, to: string) => void;
}

/** Copies the week on screen into another week (any day of it picks that week). */
export function CopyWeekDialog({ open, monday, onClose, onCopied }: CopyWeekDialogProps) {
  const [target, setTarget] = useState(addDays(monday, 7));
  const [copyWeek, { isLoading, error, reset }] = useCopyWeekMutation();
  const to = mondayOf(target || addDays(monday, 7));
  return (
    <Dialog open={open} onClose={onClose} title={`Copy the week of ${weekLabel(monday)}`}>
      <form
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void copyWeek({ from: monday, to }).then((result) => {
            if ('data' in result && result.data) {
              const { copied } = result.data;
              onCopied(
                copied === 0
                  ? `Nothing new to copy: the week of ${weekLabel(to)} already has these meals`
                  : `Copied ${copied} ${copied === 1 ? 'meal' : 'meals'} to the week of ${weekLabel(to)}`,
                to,
              );
              onClose();
            }
          });
        }}
      >
        <label className="block text-sm font-medium">
          Into the week of
          <input
            type="date"
            value={target}
            onChange={(event) => {
              reset();
              setTarget(event.target.value);
            }}
            className={`${inputClasses} mt-1`}
            required
          />
        </label>
        <p className="text-sm text-ink-soft">Week of {weekLabel(to)}</p>
        {error && <ErrorBox>{reasonOf(error)}</ErrorBox>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading || to === monday}>
            Copy week
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The secret calendar feed: subscribe from a phone, copy it, or make a new one (the old one stops working). */
export function CalendarLinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const link = useGetCalendarLinkQuery(undefined, { skip: !open });
  const [regenerate, regenerating] = useRegenerateCalendarLinkMutation();
  const [copied, setCopied] = useState(false);
  const url = link.data?.url ?? '';
  return (
    <Dialog open={open} onClose={onClose} title="Calendar feed" className="w-[min(34rem,calc(100vw-2rem))]">
      <p className="mt-2 text-sm text-ink-soft">
        Subscribe to your meal plan in your phone&apos;s calendar. Anyone with this link can see your plan: keep it to
        yourself, and make a new one if it got out.
      </p>
      {link.isLoading && <p className="mt-4 text-sm">Getting your link…</p>}
      {link.error && <ErrorBox className="mt-4">{reasonOf(link.error)}</ErrorBox>}
      {link.data && (
        <div className="mt-4 space-y-3">
          <label className="block text-sm font-medium">
            Calendar link
            <input
              readOnly
              value={url}
              onFocus={(event) => event.target.select()}
              className={`${inputClasses} mt-1 font-mono text-xs`}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <a href={link.data.webcalUrl} className={buttonClasses('primary')}>
              Subscribe
            </a>
            <Button
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => {
                  setCopied(true);
                  window.setTimeout(() => setCopied(false), 1000);
                });
              }}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Button variant="ghost" disabled={regenerating.isLoading} onClick={() => void regenerate()}>
              Make a new link
            </Button>
          </div>
          {regenerating.isSuccess && (
            <p role="status" className="text-sm text-herb-600">
              A new link is ready; the old one no longer works.
            </p>
          )}
          {regenerating.error && <ErrorBox>{reasonOf(regenerating.error)}</ErrorBox>}
        </div>
      )}
      <DialogCloseFooter onClose={onClose} />
    </Dialog>
  );
}
