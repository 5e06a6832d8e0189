import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';

/** Spec section 2: the four entries, in this order. */
export const navEntries = [
  { to: '/', label: 'home' },
  { to: '/recipes', label: 'recipes' },
  { to: '/features', label: 'features' },
  { to: '/about', label: 'about' },
] as const;

interface MainNavProps {
  variant: 'bar' | 'menu';
  onNavigate?: () => void;
}

export function MainNav({ variant, onNavigate }: MainNavProps) {
  const { pathname } = useLocation();
  const isActive = (to: string, routerActive: boolean) => routerActive || (to === '/' && pathname === '/home');
  return (
    <nav aria-label="Main">
      <ul className={variant === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
        {navEntries.map(({ to, label }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              onClick={onNavigate}
              aria-current={to === '/' && pathname === '/home' ? 'page' : undefined}
              className={({ isActive: routerActive }) =>
                cn(
                  'capitalize transition-colors',
                  variant === 'bar'
                    ? 'relative inline-flex h-11 items-center rounded-full px-4 text-[0.95rem] font-semibold'
                    : 'flex items-center justify-between rounded-2xl px-4 py-3.5 font-display text-3xl font-semibold',
                  isActive(to, routerActive)
                    ? variant === 'bar'
                      ? 'bg-brand-50 text-brand-700'
                      : 'bg-brand-50 text-brand-700'
                    : 'text-ink hover:bg-cream-deep hover:text-brand-700',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
