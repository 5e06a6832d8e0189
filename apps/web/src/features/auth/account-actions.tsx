import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { logoutUser } from './auth-slice';

interface AccountActionsProps {
  variant: 'bar' | 'menu';
  onNavigate?: () => void;
}

/** Header actions: avatar, Add recipe and Logout when logged in; Signup and Login otherwise. */
export function AccountActions({ variant, onNavigate }: AccountActionsProps) {
  const { isLoggedIn, user, loading } = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const menu = variant === 'menu';
  const wrap = menu ? 'flex flex-col gap-3' : 'flex items-center gap-2';

  if (!isLoggedIn || !user) {
    return (
      <div className={wrap}>
        <Link to="/signup" onClick={onNavigate} className={buttonClasses('secondary', menu ? 'lg' : 'md')}>
          Signup
        </Link>
        <Link to="/login" onClick={onNavigate} className={buttonClasses('primary', menu ? 'lg' : 'md')}>
          Login
        </Link>
      </div>
    );
  }

  return (
    <div className={wrap}>
      <Link
        to={`/users/profile/${user._id}`}
        onClick={onNavigate}
        className={cn(
          'flex items-center gap-3 rounded-full',
          menu ? 'rounded-2xl bg-white p-3 shadow-card' : 'p-1 hover:bg-cream-deep',
        )}
        aria-label={menu ? undefined : `Your profile (${user.name})`}
      >
        <Avatar url={user.avatar.url} variants={user.avatar.variants} name={user.name} px={menu ? 44 : 38} decorative />
        {menu && (
          <span className="min-w-0">
            <span className="block truncate font-semibold">{user.name}</span>
            <span className="block text-sm text-ink-soft">View profile</span>
          </span>
        )}
      </Link>
      {/* The user menu's way to the meal planner (issue 18); on the bar, an icon beside Add recipe. */}
      <Link
        to="/meal-planner"
        onClick={onNavigate}
        aria-label={menu ? undefined : 'Meal planner'}
        className={buttonClasses(menu ? 'secondary' : 'ghost', menu ? 'lg' : 'md', menu ? undefined : 'w-11 px-0')}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-current">
          <path d="M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 7h14v10H5V9Zm2 2v2h2v-2H7Zm4 0v2h2v-2h-2Zm4 0v2h2v-2h-2Z" />
        </svg>
        {menu && 'Meal planner'}
      </Link>
      <Link
        to="/add-recipe"
        onClick={onNavigate}
        // Tablet widths keep the search box roomy: the button shrinks to its icon (the name stays for screen readers).
        className={buttonClasses('primary', menu ? 'lg' : 'md', menu ? undefined : 'max-lg:w-11 max-lg:px-0')}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M9 4h2v5h5v2h-5v5H9v-5H4V9h5z" />
        </svg>
        <span className={menu ? undefined : 'max-lg:sr-only'}>Add recipe</span>
      </Link>
      <button
        type="button"
        disabled={loading}
        onClick={() => {
          onNavigate?.();
          // Logging out lands on the landing page, from wherever it was asked: a page that needs login (a profile,
          // a form) would otherwise turn into a log-in wall, and its requests would fail without a session.
          void navigate('/');
          void dispatch(logoutUser());
        }}
        className={buttonClasses(menu ? 'secondary' : 'ghost', menu ? 'lg' : 'md')}
      >
        Logout
      </button>
    </div>
  );
}
