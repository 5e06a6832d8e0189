import { MOBILE_BREAKPOINT_PX } from '@forkful/contracts';
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountActions } from '@/features/auth/account-actions';
import { Footer } from '@/features/layout/footer';
import { Header } from '@/features/layout/header';
import { closeMenu, openMenu } from '@/features/layout/menu-slice';
import { SearchBar } from '@/features/search/search-bar';
import { setSearchFocus } from '@/features/search/search-slice';
import { useAppDispatch } from '@/lib/store-hooks';

/** Asks the visible search box for focus; on phones the box lives in the menu, so the menu opens first. */
export function useFocusSearch(): () => void {
  const dispatch = useAppDispatch();
  return () => {
    if (window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches) dispatch(openMenu());
    dispatch(setSearchFocus(true));
  };
}

/** Header, page and footer on every screen; the app layer hands the header the search and account features. */
export function RootLayout({ children }: { children?: ReactNode }) {
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
        {children ?? <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
