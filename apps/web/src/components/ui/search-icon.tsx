/** The magnifier of the search box, its toggle and the 'Find a recipe' buttons; size and stroke colour by class. */
export function SearchIcon({ className = 'size-5 stroke-current' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`fill-none stroke-2 ${className}`}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}
