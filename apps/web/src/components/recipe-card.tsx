import { clientErrors, type RecipeCard as RecipeCardData } from '@forkful/contracts';
import { Link } from 'react-router';
import { CARD_SIZES, srcSetOf } from '@/lib/images';
import { formatCookingTime } from '@/lib/time';
import { Stars } from './ui/stars';

interface RecipeCardProps {
  recipe: RecipeCardData;
  /** The first row of a page is above the fold: load it eagerly. */
  eager?: boolean;
  /** The page's likely largest paint: fetched before other images. */
  priority?: boolean;
  /** Keeps the page outline in order: h2 under a page title, h3 under a section heading. */
  headingLevel?: 2 | 3;
}

export function RecipePhoto({
  recipe,
  eager,
  priority,
  sizes = CARD_SIZES,
  className = '',
}: {
  recipe: Pick<RecipeCardData, 'recipePhoto' | 'recipePhotoVariants' | 'title'>;
  eager?: boolean;
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  if (!recipe.recipePhoto) {
    return (
      <div
        className={`flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-cream-deep to-brand-50 text-ink-soft ${className}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-9 fill-none stroke-current stroke-[1.5]">
          <path d="M3 7h4l2-3h6l2 3h4v13H3z" />
          <circle cx="12" cy="13" r="4" />
          <path d="M3 3l18 18" />
        </svg>
        <span className="text-sm font-medium">{clientErrors.photoNotAvailable}</span>
      </div>
    );
  }
  return (
    <img
      src={recipe.recipePhoto}
      srcSet={srcSetOf(recipe.recipePhotoVariants)}
      sizes={sizes}
      alt={recipe.title}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={640}
      height={480}
      className={`bg-cream-deep object-cover ${className}`}
    />
  );
}

export function RecipeCard({ recipe, eager, priority, headingLevel = 3 }: RecipeCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // The title's link covers the card, so its keyboard focus rings the whole card (the site's ring: 3 px brand,
    // 2 px off), not just the title.
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line/70 bg-white shadow-card transition-shadow duration-200 hover:shadow-lift has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-500">
      <div className="relative aspect-[4/3] overflow-hidden">
        <RecipePhoto
          recipe={recipe}
          eager={eager}
          priority={priority}
          className="size-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {!recipe.isPublished && (
          <span className="absolute top-3 left-3 rounded-full bg-ink/85 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
            Draft
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 wrap-anywhere sm:p-5">
        <Heading className="line-clamp-2 font-display text-lg leading-snug font-semibold">
          <Link
            to={`/view-recipe/${recipe._id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-has-[:focus-visible]:underline"
          >
            {recipe.title}
          </Link>
        </Heading>
        {recipe.introduction && <p className="line-clamp-2 text-sm text-ink-soft">{recipe.introduction}</p>}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm text-ink-soft">
          <span className="flex items-center gap-1.5">
            <Stars rating={recipe.avgRating} size="sm" />
            <span className="tabular-nums">({recipe.totalReviews})</span>
          </span>
          <span className="flex items-center gap-1">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
              <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 4v3.7l2.9 1.7-.75 1.3-3.65-2.1V6h1.5Z" />
            </svg>
            {/* An hour or more reads as hours ('1 h 20 min'); the spec's 'mins' figure stays on the recipe page. */}
            {recipe.cookingTime < 60 ? `${recipe.cookingTime} mins` : formatCookingTime(recipe.cookingTime)}
          </span>
        </div>
        <p className="text-xs text-ink-soft/80">by {recipe.author.name}</p>
      </div>
    </article>
  );
}
