import { lazy, Suspense, useState } from 'react';
import { useStore } from 'react-redux';
import { HomePage } from '@/features/home/home-page';
import { selectFlashWaiting, type FlashState } from '@/lib/flash';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useFocusSearch } from '../root-layout';

const FlashMessage = lazy(() => import('../flash-message'));
// Issue 19: only a logged-in cook's landing shows it, after the page is adopted, so its code stays out of start-up.
const RecommendedRow = lazy(() => import('@/features/recommendations/recommended-row'));

function ForYou() {
  const { isLoggedIn } = useSession();
  const hydrated = useHydrated();
  if (!isLoggedIn || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <RecommendedRow />
    </Suspense>
  );
}

/**
 * A message left for the landing page by the page before it ('Account deleted successfully'). Rare, so its code
 * loads only when one waits; decided once on arrival, as the message is taken once.
 */
function Flash() {
  const store = useStore<{ flash: FlashState }>();
  const [waiting] = useState(() => selectFlashWaiting(store.getState()));
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <FlashMessage />
    </Suspense>
  );
}

export function Component() {
  const focusSearch = useFocusSearch();
  return (
    <>
      <Flash />
      <HomePage onSearch={focusSearch} forYou={<ForYou />} />
    </>
  );
}
