import { cn } from '@/lib/cn';

export type LogoSize = 'normal' | 'small' | 'extrasmall';

const sizes: Record<LogoSize, { mark: string; text: string }> = {
  normal: { mark: 'size-10', text: 'text-3xl' },
  small: { mark: 'size-8', text: 'text-2xl' },
  extrasmall: { mark: 'size-6', text: 'text-lg' },
};

/** The Forkful mark and wordmark, in the three sizes of spec section 2. */
export function Logo({ size = 'normal', className }: { size?: LogoSize; className?: string }) {
  const s = sizes[size];
  return (
    <span className={cn('inline-flex items-center gap-2', className)} data-size={size}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className={cn(s.mark, 'shrink-0')}>
        <rect width="32" height="32" rx="9" fill="var(--color-brand-600)" />
        <path
          d="M11 6v8a3 3 0 0 0 2 2.8V26h2V16.8A3 3 0 0 0 17 14V6h-1.5v7h-1V6h-1v7h-1V6zM21 6c-1.7 0-3 2.7-3 6 0 2.2.8 3.6 2 4.1V26h2V6z"
          fill="#fff"
        />
      </svg>
      <span className={cn('font-display font-bold tracking-tight text-ink', s.text)}>
        Fork<span className="text-brand-600">ful</span>
      </span>
    </span>
  );
}
