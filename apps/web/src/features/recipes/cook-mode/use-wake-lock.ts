import { useEffect, useState } from 'react';

/** 'on': the screen stays on; 'unsupported': this browser has no Screen Wake Lock; 'refused': it said no. */
export type WakeLockState = 'asking' | 'on' | 'unsupported' | 'refused';

const supported = () => typeof navigator !== 'undefined' && 'wakeLock' in navigator;

/**
 * Keeps the screen on while `active` (Screen Wake Lock API). The browser drops the lock whenever the tab is hidden,
 * so it is asked for again each time the page comes back into view.
 */
export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>(() => (supported() ? 'asking' : 'unsupported'));

  useEffect(() => {
    if (!active || !supported()) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) {
          await lock.release();
          return;
        }
        sentinel = lock;
        setState('on');
      } catch {
        // Refused: battery saver, a hidden tab, or a permissions policy.
        if (!stopped) setState('refused');
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && (sentinel === null || sentinel.released)) void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);

  return state;
}
