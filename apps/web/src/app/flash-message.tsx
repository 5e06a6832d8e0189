import { StatusMessage } from '@/components/ui/status-message';
import { useFlash } from '@/lib/use-flash';

/**
 * A message left for the landing page by the page before it ('Account deleted successfully'). Its own chunk, loaded
 * by the landing page only when a message waits (home-route.tsx).
 */
export default function FlashMessage() {
  const flash = useFlash();
  if (!flash.waiting) return null;
  return (
    <div className="container-page pt-6">
      <StatusMessage message={flash.message} onDismiss={flash.dismiss} />
    </div>
  );
}
