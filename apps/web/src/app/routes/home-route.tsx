import { StatusMessage } from '@/components/ui/status-message';
import { HomePage } from '@/features/home/home-page';
import { useFlash } from '@/lib/flash';
import { useFocusSearch } from '../root-layout';

/** A message left for the landing page by the page before it ('Account deleted successfully'). */
function FlashMessage() {
  const flash = useFlash();
  if (!flash.waiting) return null;
  return (
    <div className="container-page pt-6">
      <StatusMessage message={flash.message} onDismiss={flash.dismiss} />
    </div>
  );
}

export function Component() {
  const focusSearch = useFocusSearch();
  return (
    <>
      <FlashMessage />
      <HomePage onSearch={focusSearch} />
    </>
  );
}
