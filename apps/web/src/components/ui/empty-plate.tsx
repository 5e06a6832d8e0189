/** An empty plate with a fork and knife: the picture for something that is not on the menu. */
export function EmptyPlate({ className, sad = false }: { className?: string; sad?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 160 120" className={className}>
      <ellipse cx="80" cy="108" rx="52" ry="6" fill="var(--color-ink)" opacity="0.08" />
      <circle cx="80" cy="60" r="44" fill="#fff" stroke="var(--color-line)" strokeWidth="2" />
      <circle cx="80" cy="60" r="30" fill="var(--color-cream)" stroke="var(--color-line)" strokeWidth="2" />
      <path
        d="M18 24v22a5 5 0 0 0 4 4.9V96h5V50.9A5 5 0 0 0 31 46V24h-3.5v18h-2V24h-2v18h-2V24z"
        fill="var(--color-brand-600)"
      />
      <path d="M140 24c-4 0-7 7-7 15 0 5.5 2 9 5 10.3V96h5V24z" fill="var(--color-brand-600)" />
      {sad && (
        <path
          d="M70 52c2-2 5-2 7 0M83 52c2-2 5-2 7 0M71 70c5-4 13-4 18 0"
          fill="none"
          stroke="var(--color-ink-soft)"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
