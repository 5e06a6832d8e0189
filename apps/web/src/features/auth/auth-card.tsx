import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CloseButton } from '@/components/ui/close-button';

/** The modal-style frame of the log-in and sign-up screens; the close button goes back (spec section 2). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const navigate = useNavigate();
  const close = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };
  return (
    <div className="relative isolate px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,var(--color-brand-100),transparent_45%),radial-gradient(circle_at_80%_70%,var(--color-herb-50),transparent_50%)]"
      />
      <section
        aria-labelledby="auth-title"
        className="relative mx-auto w-full max-w-md rounded-3xl border border-line bg-white p-6 shadow-lift sm:p-9"
      >
        <CloseButton onClick={close} className="absolute top-4 right-4" />
        <h1 id="auth-title" className="pr-10 text-3xl font-bold">
          {title}
        </h1>
        <p className="mt-1.5 text-ink-soft">{subtitle}</p>
        <div className="mt-7">{children}</div>
      </section>
    </div>
  );
}
