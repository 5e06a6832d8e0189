import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

function PagerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'grid size-11 place-items-center rounded-full border border-line bg-white text-ink transition-colors',
        'hover:border-brand-500 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line disabled:hover:text-ink',
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
        {children}
      </svg>
    </button>
  );
}

/** Spec section 2: start, previous, 'Page X of Y', next, end. */
export function Pager({ page, totalPages, onPage }: PagerProps) {
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-2 sm:gap-3">
      <PagerButton label="First page" disabled={first} onClick={() => onPage(1)}>
        <path d="M17 18l-6-6 6-6M7 6v12" strokeLinecap="round" strokeLinejoin="round" />
      </PagerButton>
      <PagerButton label="Previous page" disabled={first} onClick={() => onPage(page - 1)}>
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </PagerButton>
      <p className="min-w-32 text-center font-semibold tabular-nums" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <PagerButton label="Next page" disabled={last} onClick={() => onPage(page + 1)}>
        <path d="M9 18l6-6-6-6" strokeLinecap="round" strokeLinejoin="round" />
      </PagerButton>
      <PagerButton label="Last page" disabled={last} onClick={() => onPage(totalPages)}>
        <path d="M7 18l6-6-6-6M17 6v12" strokeLinecap="round" strokeLinejoin="round" />
      </PagerButton>
    </nav>
  );
}
