import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The red inline box of spec section 8 ('Error: …'). */
export function ErrorBox({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700',
        className,
      )}
    >
      {children}
    </div>
  );
}
