import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';

/**
 * The navigation bar's features area for a logged-in cook (issue 18): their meal planner and shopping list. It sits
 * right after the main navigation, in a landmark of its own, so the main navigation keeps exactly the spec's four
 * entries (spec section 2).
 */
export const kitchenEntries = [
  { to: '/meal-planner', label: 'Meal planner' },
  { to: '/shopping-list', label: 'Shopping list' },
] as const;

interface KitchenNavProps {
  variant: 'bar' | 'menu';
  onNavigate?: () => void;
}

export function KitchenNav({ variant, onNavigate }: KitchenNavProps) {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return null;
  return (
    <nav aria-label="Your kitchen">
      <ul
        className={
          variant === 'bar'
            ? 'flex items-center gap-1 border-l border-line pl-2'
            : 'flex flex-col gap-1 border-t border-line pt-2'
        }
      >
        {kitchenEntries.map(({ to, label }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'transition-colors',
                  variant === 'bar'
                    ? 'inline-flex h-11 items-center rounded-full px-4 text-[0.95rem] font-semibold'
                    : 'flex items-center rounded-2xl px-4 py-3 font-display text-2xl font-semibold',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-ink hover:bg-cream-deep hover:text-brand-700',
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
