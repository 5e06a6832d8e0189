import { MOBILE_BREAKPOINT_PX } from '@forkful/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { CloseButton } from '@/components/ui/close-button';
import { Logo } from '@/components/ui/logo';
import { KitchenNav } from './kitchen-nav';
import { MainNav } from './main-nav';
import { closeMenu, selectMenuShown } from './menu-slice';
import { useBodyScrollLock } from './use-body-scroll-lock';

export const MOBILE_MENU_ID = 'mobile-menu';

interface MobileMenuProps {
  search: ReactNode;
  account: ReactNode;
}

/** The full-screen menu of the phone layout (≤ 640px). A modal <dialog> keeps focus inside while it is open. */
export function MobileMenu({ search, account }: MobileMenuProps) {
  const show = useSelector(selectMenuShown);
  const dispatch = useDispatch();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const close = () => dispatch(closeMenu());

  useBodyScrollLock(show);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (show && !dialog.open) {
      returnFocus.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!show && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) returnFocus.current.focus();
    }
  }, [show]);

  // Growing past the phone layout leaves no menu button to close it with.
  useEffect(() => {
    if (!show) return;
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
    const onChange = () => {
      if (query.matches) dispatch(closeMenu());
    };
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [show, dispatch]);

  return (
    <dialog
      ref={ref}
      id={MOBILE_MENU_ID}
      aria-label="Menu"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto bg-cream p-0 text-ink backdrop:bg-transparent"
    >
      {show && (
        <div className="flex min-h-full flex-col px-5 pt-3 pb-8">
          <div className="flex h-14 items-center justify-between">
            <Link to="/" onClick={close} aria-label="Forkful home">
              <Logo size="small" />
            </Link>
            <CloseButton onClick={close} label="Close menu" size="lg" />
          </div>
          <div className="mt-4">{search}</div>
          <div className="mt-6">
            <MainNav variant="menu" onNavigate={close} />
            <KitchenNav variant="menu" onNavigate={close} />
          </div>
          <div className="mt-auto border-t border-line pt-6">{account}</div>
        </div>
      )}
    </dialog>
  );
}
