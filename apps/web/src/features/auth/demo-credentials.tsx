import { COPY_CONFIRM_MS, DEMO_CREDENTIALS } from '@forkful/contracts';
import { useEffect, useState } from 'react';

function CopyRow({ label, value }: { label: string; value: string }) {
  // The tick shows for a second after the latest copy: a copy while it shows starts the second again.
  const [copies, setCopies] = useState(0);
  const [expiredCopies, setExpiredCopies] = useState(0);
  const copied = copies > expiredCopies;

  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setExpiredCopies(copies), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copies]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopies((count) => count + 1);
    } catch {
      // Clipboard access can be refused (insecure context, permissions); the value stays visible to copy by hand.
    }
  };

  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 rounded-xl bg-white px-3 py-2">
      <dt className="col-start-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd className="col-start-1 row-start-2 truncate font-mono text-sm text-ink">{value}</dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          className="grid size-10 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-cream-deep hover:text-brand-700"
        >
          {copied ? (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-herb-600" data-testid="copied-tick">
              <path d="M7.6 13.2 4.4 10l-1.4 1.4 4.6 4.6 9.4-9.4L15.6 5z" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-none stroke-current stroke-[1.6]">
              <rect x="6.5" y="6.5" width="10" height="11" rx="2" />
              <path d="M13.5 4.5V4a1.5 1.5 0 0 0-1.5-1.5H5A1.5 1.5 0 0 0 3.5 4v9A1.5 1.5 0 0 0 5 14.5h.5" />
            </svg>
          )}
        </button>
        <span className="sr-only" aria-live="polite">
          {copied ? `${label} copied` : ''}
        </span>
      </dd>
    </div>
  );
}

/** Spec section 2: the demo account's values, each copyable, with a tick for one second. */
export function DemoCredentials() {
  return (
    <section aria-labelledby="demo-credentials" className="rounded-2xl border border-herb-600/25 bg-herb-50 p-4">
      <h2 id="demo-credentials" className="font-sans text-sm font-semibold text-herb-600">
        Just looking? Use the demo account
      </h2>
      <dl className="mt-3 space-y-2">
        <CopyRow label="Email" value={DEMO_CREDENTIALS.email} />
        <CopyRow label="Password" value={DEMO_CREDENTIALS.password} />
      </dl>
    </section>
  );
}
