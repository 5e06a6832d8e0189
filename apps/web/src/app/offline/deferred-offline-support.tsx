import { lazy, Suspense, useSyncExternalStore } from 'react';

const OfflineSupport = lazy(() => import('./offline-support'));

function onLoad(callback: () => void): () => void {
  window.addEventListener('load', callback);
  return () => window.removeEventListener('load', callback);
}
const pageLoaded = () => document.readyState === 'complete';

/**
 * The service worker, the offline indicator and the per-user offline data (offline-support.tsx) load once the page
 * has loaded: nothing of them is in the start-up scripts, and the first render (or the landing page's adoption, which
 * reads the server snapshot) draws nothing here.
 */
export function DeferredOfflineSupport() {
  const loaded = useSyncExternalStore(onLoad, pageLoaded, () => false);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <OfflineSupport />
    </Suspense>
  );
}
