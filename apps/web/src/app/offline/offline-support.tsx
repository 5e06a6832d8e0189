import { useEffect, useRef } from 'react';
import { maybeSignedIn } from '@/features/auth/session-hint';
import { ShoppingQueue } from '@/features/shopping-list/offline-queue';
import { forgetOfflineData, rememberOfflineUser } from '@/lib/offline-cache';
import { useOnline } from '@/lib/online-status';
import { useSession } from '@/lib/session';

/**
 * The installable app's page side (docs/decisions/025), loaded after the page has loaded (deferred.tsx):
 * - registers the service worker once the browser is idle (production builds only: the dev server has none);
 * - names the signed-in user to it, so the API answers it keeps for offline reading are that user's alone, and
 *   deletes them all, with the shopping list's queued changes, when the session ends (logout, a failed refresh, an
 *   account deleted) — also when the logout happened offline;
 * - shows that the app is offline.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (a private window that refuses one, say): the app works as before, only not offline.
  });
}

/**
 * Runs `work` when the browser is next idle (at most 10 s from now), or soon where there is no requestIdleCallback
 * (Safari); returns the cancel. The worker's registration starts its install, which downloads the app's files for
 * offline use: started while the page was still settling, it made the recipe page's Lighthouse blocking time 84-110
 * ms instead of 18-51 (bench/results/2026-11-27-view-recipe-lighthouse.md).
 */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 10_000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 1_000);
  return () => clearTimeout(timer);
}

function useOfflineDataFollowsSession(): void {
  const { isLoggedIn, user, loading } = useSession();
  const wasLoggedIn = useRef(isLoggedIn);
  const userId = user?._id;
  useEffect(() => {
    if (loading) return;
    const ended = wasLoggedIn.current && !isLoggedIn;
    wasLoggedIn.current = isLoggedIn;
    if (isLoggedIn && userId) {
      void rememberOfflineUser(userId);
    } else if (ended || !maybeSignedIn()) {
      // A visitor with no session hint has nothing to keep; an offline start-up that could not check the session
      // (the hint is still there) keeps the data until the session is known to have ended.
      ShoppingQueue.forgetAll();
      void forgetOfflineData();
    }
  }, [isLoggedIn, userId, loading]);
}

function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <p className="flex items-center gap-2 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-cream shadow-lift">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M2.3 1 1 2.3l3 3A12.6 12.6 0 0 0 .5 8l1.4 1.4a10.6 10.6 0 0 1 3.5-2.7l1.6 1.6a7.6 7.6 0 0 0-3.2 2.2l1.4 1.4a5.6 5.6 0 0 1 3.4-1.9l6.5 6.5 1.3-1.3L2.3 1ZM10 4.5c-.7 0-1.4.1-2 .2l1.7 1.7h.3c3 0 5.9 1.2 8 3.2L19.5 8A12.5 12.5 0 0 0 10 4.5Zm3.1 4.8 2.6 2.6.8-.8a7.6 7.6 0 0 0-3.4-1.8ZM10 13.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z" />
        </svg>
        Offline — showing what was saved on this device
      </p>
    </div>
  );
}

export default function OfflineSupport() {
  useEffect(() => whenIdle(registerServiceWorker), []);
  useOfflineDataFollowsSession();
  return <OfflineIndicator />;
}
