import { Logo } from './logo';
import { Spinner } from './spinner';

/** Shown on start-up while the current user is checked (spec section 2). */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center bg-cream" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-5">
        <Logo size="normal" />
        <span className="flex items-center gap-2 text-ink-soft">
          <Spinner className="text-brand-600" />
          Loading…
        </span>
      </div>
    </div>
  );
}
