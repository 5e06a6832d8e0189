/** A hand-drawn bowl of noodles: the hero needs no network image, so it paints with the first frame. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 420" aria-hidden="true" className={className}>
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor="#fde3d1" />
          <stop offset="100%" stopColor="#fbf6ef" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-bowl" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="#e0632b" />
          <stop offset="100%" stopColor="#9a3412" />
        </linearGradient>
        <linearGradient id="hero-broth" x1="0" x2="1">
          <stop offset="0%" stopColor="#f7c77a" />
          <stop offset="100%" stopColor="#e89b0c" />
        </linearGradient>
      </defs>
      <circle cx="240" cy="200" r="200" fill="url(#hero-glow)" />
      <g fill="none" stroke="#c2410c" strokeLinecap="round" strokeWidth="6" opacity="0.35">
        <path d="M190 120c-14-22 14-34 0-58" />
        <path d="M240 108c-14-22 14-34 0-58" />
        <path d="M290 120c-14-22 14-34 0-58" />
      </g>
      <ellipse cx="240" cy="360" rx="170" ry="18" fill="#2a1d15" opacity="0.08" />
      <path d="M70 200h340c0 92-76 156-170 156S70 292 70 200Z" fill="url(#hero-bowl)" />
      <path
        d="M98 226h284"
        stroke="#fff"
        strokeOpacity="0.25"
        strokeWidth="4"
        strokeDasharray="2 14"
        strokeLinecap="round"
      />
      <ellipse cx="240" cy="200" rx="170" ry="36" fill="#9a3412" />
      <ellipse cx="240" cy="198" rx="156" ry="28" fill="url(#hero-broth)" />
      <g fill="none" stroke="#fff4d6" strokeWidth="7" strokeLinecap="round">
        <path d="M120 196c20-14 40 10 60-4s40 10 60-4 40 10 60-4 40 10 60-4" />
        <path d="M140 208c20-12 40 8 60-4s40 8 60-4 40 8 60-4" />
      </g>
      <circle cx="180" cy="188" r="18" fill="#fff" />
      <circle cx="180" cy="188" r="9" fill="#f59e0b" />
      <g fill="#4d7c0f">
        <ellipse cx="290" cy="186" rx="14" ry="6" transform="rotate(-25 290 186)" />
        <ellipse cx="310" cy="196" rx="12" ry="5" transform="rotate(20 310 196)" />
        <ellipse cx="232" cy="204" rx="10" ry="4" transform="rotate(-10 232 204)" />
      </g>
      <g fill="#b91c1c">
        <circle cx="262" cy="196" r="5" />
        <circle cx="338" cy="190" r="4" />
      </g>
      <g stroke="#2a1d15" strokeWidth="8" strokeLinecap="round">
        <path d="M338 60 268 188" />
        <path d="M362 72 286 196" />
      </g>
    </svg>
  );
}
