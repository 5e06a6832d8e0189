import { MOBILE_BREAKPOINT_PX } from '@forkful/contracts';
import { Suspense } from 'react';
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

/** Header, page and footer on every screen; the app layer hands the header the search and account features. */
export function RootLayout() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const focusSearch = useFocusSearch();
  const close = () => dispatch(closeMenu());
  return (
    <div className="flex min-h-dvh flex-col">
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
