import { MOBILE_BREAKPOINT_PX } from '@forkful/contracts';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AccountActions } from '@/features/auth/account-actions';
import { Footer } from '@/features/layout/footer';
import { Header } from '@/features/layout/header';
import { closeMenu, openMenu } from '@/features/layout/menu-slice';
import { SearchBar } from '@/features/search/search-bar';
import { setSearchFocus } from '@/features/search/search-slice';
import { useAppDispatch } from '@/lib/store-hooks';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollRestoration } from './scroll-restoration';

/** Asks the visible search box for focus; on phones the box lives in the menu, so the menu opens first. */
export function useFocusSearch(): () => void {
  const dispatch = useAppDispatch();
  return () => {
    if (window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches) dispatch(openMenu());
    dispatch(setSearchFocus(true));
  };
}

/**
 * While a page's chunk loads on the first visit (later navigations keep the old page until the new one is ready). It
 * fills the screen, so the footer does not jump when the page arrives.
 */
function PageLoading() {
  return (
    <div className="grid min-h-dvh place-items-center text-ink-soft" role="status">
      <span className="flex items-center gap-2">
        <Spinner className="text-brand-600" />
        Loading…
      </span>
    </div>
  );
}

/**
 * Keeps `--header-height` on the document at the sticky header's height, so whatever a page scrolls into view can
 * stop below the header (`scroll-margin-top`) at every width, however the header wraps.
 */
function useHeaderHeight() {
  const layout = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const header = layout.current?.querySelector(':scope > header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-height', `${header.getBoundingClientRect().height}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return layout;
}

/** Header, page and footer on every screen; the app layer hands the header the search and account features. */
export function RootLayout() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const focusSearch = useFocusSearch();
  const layout = useHeaderHeight();
  const close = () => dispatch(closeMenu());
  return (
    <div ref={layout} className="flex min-h-dvh flex-col">
      <Header
        search={<SearchBar />}
        account={<AccountActions variant="bar" />}
        menuSearch={<SearchBar onSubmitted={close} />}
        menuAccount={<AccountActions variant="menu" onNavigate={close} />}
        onSearchButton={focusSearch}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
