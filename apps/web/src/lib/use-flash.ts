import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { flashTaken, type FlashState } from './flash';
import { useAppDispatch } from './store-hooks';

const ANNOUNCE_DELAY_MS = 100;

/**
 * Takes the waiting flash message for the page that shows it. `waiting` is known at once, so the page can lay out
 * the live region; `message` fills it a moment later, after the region is on the page, so it is announced.
 */
export function useFlash(): { waiting: boolean; message: string | null; dismiss: () => void } {
  const dispatch = useAppDispatch();
  const store = useStore<{ flash: FlashState }>();
  // Read once on mount: the message belongs to this visit of the page, not to the next one.
  const [taken] = useState(() => store.getState().flash.message);
  const [message, setMessage] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (taken === null) return;
    dispatch(flashTaken());
    // Screen readers watch a live region only once it is in their tree; text put in at the same time is missed.
    const fill = setTimeout(() => setMessage(taken), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(fill);
  }, [taken, dispatch]);
  return { waiting: taken !== null && !dismissed, message, dismiss: () => setDismissed(true) };
}
