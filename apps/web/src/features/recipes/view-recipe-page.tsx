import type { Recipe } from '@forkful/contracts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { RecipePhoto } from '@/components/recipe-card';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Stars } from '@/components/ui/stars';
import { RECIPE_PHOTO_SIZES } from '@/lib/images';
import { useSession } from '@/lib/session';
import { formatCookingTime, formatDateTime } from '@/lib/time';
import { useHydrated } from '@/lib/use-hydrated';
import { DeleteRecipeButton } from './delete-recipe-button';
import { RecipeUnavailable } from './recipe-unavailable';
import { useGetRecipeQuery } from './recipes-api';
import { SaveButton } from './save-button';

interface ViewRecipePageProps {
  /** The reviews section, composed by the app layer. */
  renderReviews: (recipe: Recipe) => ReactNode;
}

function ViewRecipeSkeleton() {
  return (
    <div className="container-page py-8 sm:py-12" aria-busy="true" aria-label="Loading recipe">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="mt-6 h-12 w-3/4 max-w-2xl" />
      <Skeleton className="mt-4 h-5 w-40" />
      <div className="mt-8 grid gap-10 lg:grid-cols-[1.35fr_1fr]">
        <Skeleton className="aspect-[4/3] rounded-3xl" />
        <div className="space-y-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-5" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** In the reader's time zone; a page the server drew says UTC until the browser has adopted it (decision 014). */
function CreatedAt({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{formatDateTime(iso, hydrated ? undefined : 'UTC')}</time>;
}

export function ViewRecipePage({ renderReviews }: ViewRecipePageProps) {
  const { recipeId = '' } = useParams();
  const { user, isLoggedIn } = useSession();
  const { data: recipe, error, isLoading, refetch } = useGetRecipeQuery(recipeId);

  if (isLoading) return <ViewRecipeSkeleton />;
  if (error || !recipe) return <RecipeUnavailable error={error} onRetry={() => void refetch()} />;

  const isAuthor = user?._id === recipe.author._id;

  return (
    <article className="container-page py-8 sm:py-12">
      <title>{`${recipe.title} · Forkful`}</title>
      <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/recipes" className="hover:text-brand-700 hover:underline">
              Recipes
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="max-w-[16rem] truncate font-medium text-ink">
            {recipe.title}
          </li>
        </ol>
      </nav>

      <header className="mt-5 max-w-4xl">
        <h1 className="text-4xl leading-tight font-bold break-words sm:text-5xl">{recipe.title}</h1>
        {isAuthor && (
          <p
            className={`mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${
              recipe.isPublished ? 'bg-herb-50 text-herb-600' : 'bg-cream-deep text-ink-soft'
            }`}
          >
            {recipe.isPublished ? 'Published — everyone can see this recipe' : 'Draft — only you can see this recipe'}
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          {recipe.totalReviews === 0 ? (
            // Five grey stars and '0.0' would read as a rating of zero; nobody has rated it yet.
            <span className="text-sm font-medium text-ink-soft">No reviews yet</span>
          ) : (
            <span className="flex items-center gap-2">
              <Stars rating={recipe.avgRating} />
              <span className="text-sm text-ink-soft">
                {recipe.avgRating.toFixed(1)} · {recipe.totalReviews} {recipe.totalReviews === 1 ? 'review' : 'reviews'}
              </span>
            </span>
          )}
        </div>
        {recipe.introduction && (
          <p className="mt-5 text-lg leading-relaxed wrap-anywhere text-ink-soft">{recipe.introduction}</p>
        )}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <SaveButton recipeId={recipe._id} loggedIn={isLoggedIn} />
          {isAuthor && (
            <>
              <Link to={`/edit-recipe/${recipe._id}`} className={buttonClasses('secondary')}>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
                  <path d="M13.6 2.6a2 2 0 0 1 2.8 0l1 1a2 2 0 0 1 0 2.8L7 16.8 3 18l1.2-4L13.6 2.6Z" />
                </svg>
                Edit
              </Link>
              <DeleteRecipeButton recipeId={recipe._id} />
            </>
          )}
        </div>
      </header>

      {/* Phones read photo, ingredients, then steps; desktop puts ingredients in a sticky side column. */}
      <div className="mt-10 grid gap-10 lg:grid-cols-[1.35fr_1fr]">
        <figure className="lg:col-start-1 lg:row-start-1 aspect-[4/3] overflow-hidden rounded-3xl border border-line bg-cream-deep shadow-card">
          {/* The page's largest paint: fetched first, and preloaded by the server with the same sizes (decision 011). */}
          <RecipePhoto recipe={recipe} priority sizes={RECIPE_PHOTO_SIZES} className="size-full" />
        </figure>
        <aside className="space-y-6 lg:sticky lg:top-36 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-2xl border border-line bg-white p-4">
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Cooking time</dt>
              {recipe.cookingTime < 60 ? (
                <dd className="mt-1 font-display text-2xl font-bold">{recipe.cookingTime} mins</dd>
              ) : (
                <dd className="mt-1">
                  <span className="block font-display text-2xl font-bold">{formatCookingTime(recipe.cookingTime)}</span>
                  <span className="block text-sm text-ink-soft">{recipe.cookingTime} mins</span>
                </dd>
              )}
            </div>
            <div className="rounded-2xl border border-line bg-white p-4">
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Ingredients</dt>
              <dd className="mt-1 font-display text-2xl font-bold">{recipe.ingredients.length}</dd>
            </div>
          </dl>
          <section
            aria-labelledby="ingredients-heading"
            className="rounded-3xl border border-line bg-white p-6 shadow-card"
          >
            <h2 id="ingredients-heading" className="text-2xl font-bold">
              Ingredients
            </h2>
            <ul className="mt-4 divide-y divide-line">
              {recipe.ingredients.map((ingredient, index) => (
                <li key={index} className="flex items-start gap-3 py-2.5 wrap-anywhere">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-500" />
                  {ingredient}
                </li>
              ))}
            </ul>
          </section>
          <div className="rounded-2xl bg-cream-deep p-5 text-sm wrap-anywhere">
            <p>
              Recipe by{' '}
              <Link to={`/users/profile/${recipe.author._id}`} className="font-semibold text-brand-700 hover:underline">
                {recipe.author.name}
              </Link>
            </p>
            <p className="mt-1 text-ink-soft">
              Created on <CreatedAt iso={recipe.createdAt} />
            </p>
          </div>
        </aside>
        <section aria-labelledby="steps-heading" className="lg:col-start-1 lg:row-start-2">
          <h2 id="steps-heading" className="text-2xl font-bold sm:text-3xl">
            Steps
          </h2>
          <ol className="mt-5 space-y-5">
            {recipe.steps.map((step, index) => (
              <li key={index} className="flex gap-4">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 font-display text-lg font-bold text-white">
                  {index + 1}
                </span>
                <p className="min-w-0 pt-1.5 leading-relaxed wrap-anywhere whitespace-pre-line">{step}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <div className="mt-16 max-w-3xl">{renderReviews(recipe)}</div>
    </article>
  );
}
