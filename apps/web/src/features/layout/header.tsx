import type { ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { KitchenNav } from './kitchen-nav';
import { MainNav } from './main-nav';
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu';
import { openMenu, selectMenuShown } from './menu-slice';
import { SearchIcon } from '@/components/ui/search-icon';

interface HeaderProps {
  /** The search box of the desktop bar. */
  search: ReactNode;
  /** Avatar, Add recipe, Logout / Signup, Login. */
  account: ReactNode;
  menuSearch: ReactNode;
  menuAccount: ReactNode;
  /** The phone bar's search button: opens the menu with the search box focused. */
  onSearchButton: () => void;
}

export function Header({ search, account, menuSearch, menuAccount, onSearchButton }: HeaderProps) {
  const dispatch = useDispatch();
  const menuShown = useSelector(selectMenuShown);
  return (
    <header className="sticky top-0 z-30 border-b border-line/80 bg-cream">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* Desktop (> 640px) */}
      <div className="container-page hidden sm:block">
        <div className="flex h-[4.5rem] items-center gap-6">
          <Link to="/" aria-label="Forkful home" className="shrink-0 rounded-lg">
            <Logo size="normal" className="max-lg:hidden" />
            <Logo size="small" className="lg:hidden" />
          </Link>
          <div className="max-w-xl min-w-0 flex-1">{search}</div>
          <div className="ml-auto">{account}</div>
        </div>
        <div className="-mt-1 flex flex-wrap items-center gap-1 pb-2">
          <MainNav variant="bar" />
          <KitchenNav variant="bar" />
        </div>
      </div>
      {/* Phone (≤ 640px) */}
      <div className="flex h-16 items-center justify-between px-4 sm:hidden">
        <Link to="/" aria-label="Forkful home" className="rounded-lg">
          <Logo size="small" />
        </Link>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={onSearchButton}
            aria-label="Search recipes"
            className="grid size-11 place-items-center rounded-full hover:bg-cream-deep"
          >
            <SearchIcon className="size-6 stroke-current" />
          </button>
          <button
            type="button"
            onClick={() => dispatch(openMenu())}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuShown}
            aria-controls={MOBILE_MENU_ID}
            className="grid size-11 place-items-center rounded-full hover:bg-cream-deep"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current stroke-2">
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      <MobileMenu search={menuSearch} account={menuAccount} />
    </header>
  );
}
