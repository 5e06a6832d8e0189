import type { ReactNode } from 'react';

export function InfoHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <header className="max-w-3xl">
      <p className="text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-4xl leading-tight font-bold sm:text-5xl">{title}</h1>
      <p className="mt-5 text-lg text-ink-soft sm:text-xl">{children}</p>
    </header>
  );
}
