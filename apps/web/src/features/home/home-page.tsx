import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useHydrated } from '@/lib/use-hydrated';
import { HeroArt } from './hero-art';
import { SearchIcon } from '@/components/ui/search-icon';

// Below the fold: it loads, with the data cache, once it is about a screen away, so a visitor who reads the hero
// downloads neither (docs/decisions/009).
const FeaturedRecipes = lazy(() => import('./featured-recipes').then((m) => ({ default: m.FeaturedRecipes })));

/** True once the element comes within one viewport height of the screen (at once where that cannot be observed). */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  // The build's prerender (Node has no IntersectionObserver) renders "not near" like a browser, so the browser adopts
  // that markup as is (docs/decisions/013); a browser that cannot observe re-renders as "near" right after.
  const unobservable = useHydrated() && typeof IntersectionObserver === 'undefined';
  const near = seen || unobservable;
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

const FEATURED_PLACEHOLDERS = 6;

/** Loading while the featured recipes are on their way; only a reserved space while they are still off screen. */
function FeaturedPlaceholder({ loading }: { loading: boolean }) {
  const state = loading
    ? ({ role: 'status', 'aria-busy': true, 'aria-label': 'Loading recipes' } as const)
    : ({ 'aria-hidden': true } as const);
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3" {...state}>
      {Array.from({ length: FEATURED_PLACEHOLDERS }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-line/70 bg-white shadow-card">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="space-y-3 p-5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

const blurbs = [
  {
    title: 'Personalised recommendations',
    text: 'Save what you love and Forkful learns your taste, so the next great dinner finds you first.',
    icon: 'M12 21s-7.5-4.6-9.5-9.4C1.1 8.2 3.3 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.7 0 5.9 3.7 4.5 7.1C19.5 16.4 12 21 12 21Z',
  },
  {
    title: 'Community sharing',
    text: 'Publish your family classics, read honest reviews and learn the little tricks other cooks swear by.',
    icon: 'M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2 19c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5v1H2v-1Zm13.5 1v-1c0-1.7-.6-3.2-1.7-4.4.7-.4 1.4-.6 2.2-.6 2.8 0 5 1.9 5 4.8V20h-5.5Z',
  },
  {
    title: 'Meal planner',
    text: 'Collect recipes for the week ahead, keep drafts of new ideas and cook without the 6 pm panic.',
    link: { to: '/meal-planner', label: 'Plan your week' },
    icon: 'M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 7h14v10H5V9Zm2 2v2h2v-2H7Zm4 0v2h2v-2h-2Zm4 0v2h2v-2h-2Zm-8 4v2h2v-2H7Zm4 0v2h2v-2h-2Z',
  },
];

interface HomePageProps {
  /** Focuses the header search box (the app wires it to the search feature). */
  onSearch: () => void;
  /** Shown above the featured recipes: a logged-in cook's 'Recommended for you' (the app composes it, issue 19). */
  forYou?: ReactNode;
}

export function HomePage({ onSearch, forYou }: HomePageProps) {
  const [featuredRef, featuredNear] = useNearScreen<HTMLDivElement>();
  return (
    <>
      <title>Forkful · Recipes worth sharing</title>
      <section className="relative overflow-hidden">
        <div className="container-page grid items-center gap-6 pt-10 pb-12 sm:grid-cols-[1.1fr_0.9fr] sm:gap-10 sm:pt-16 sm:pb-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
              <span className="size-2 rounded-full bg-brand-600" aria-hidden="true" />
              Home cooking, shared
            </p>
            <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-bold sm:text-6xl lg:text-[4rem]">
              Cook something <span className="text-brand-600 italic">worth</span> talking about.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-soft sm:text-xl">
              Forkful is where home cooks trade the recipes they actually make — tested, reviewed and ready for tonight.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/recipes" className={buttonClasses('primary', 'lg')}>
                Browse recipes
              </Link>
              <Button variant="secondary" size="lg" onClick={onSearch}>
                <SearchIcon />
                Find a recipe
              </Button>
            </div>
          </div>
          <HeroArt className="mx-auto w-full max-w-[20rem] sm:max-w-none" />
        </div>
      </section>

      <section aria-labelledby="why-forkful" className="border-y border-line bg-white/70">
        <div className="container-page py-14 sm:py-20">
          <h2 id="why-forkful" className="max-w-xl text-3xl font-bold sm:text-4xl">
            Everything a curious cook needs
          </h2>
          <ul className="mt-10 grid gap-5 sm:grid-cols-3 sm:gap-6">
            {blurbs.map((blurb) => (
              <li key={blurb.title} className="rounded-2xl border border-line bg-cream p-6">
                <span className="grid size-12 place-items-center rounded-xl bg-brand-600 text-white">
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
                    <path d={blurb.icon} />
                  </svg>
                </span>
                <h3 className="mt-5 text-xl font-semibold">{blurb.title}</h3>
                <p className="mt-2 text-ink-soft">{blurb.text}</p>
                {blurb.link && (
                  <Link to={blurb.link.to} className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
                    {blurb.link.label} <span aria-hidden="true">→</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {forYou}

      <section aria-labelledby="featured" className="container-page py-14 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">Fresh from the community</p>
            <h2 id="featured" className="mt-2 text-3xl font-bold sm:text-4xl">
              Featured recipes
            </h2>
          </div>
        </div>
        <div ref={featuredRef} className="mt-8">
          {featuredNear ? (
            <Suspense fallback={<FeaturedPlaceholder loading />}>
              <FeaturedRecipes />
            </Suspense>
          ) : (
            <FeaturedPlaceholder loading={false} />
          )}
        </div>
        <div className="mt-10 flex justify-center">
          <Link to="/recipes" className={buttonClasses('secondary', 'lg')}>
            View More
          </Link>
        </div>
      </section>
    </>
  );
}
