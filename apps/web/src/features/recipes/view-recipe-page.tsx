import type { RecipeView } from '@forkful/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Stars } from '@/components/ui/stars';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time';
import { useHydrated } from '@/lib/use-hydrated';
import { DeleteRecipeButton } from './delete-recipe-button';
import { RecipeBody } from './recipe-body';
import { RecipeSource } from './recipe-source';
import { RecipeUnavailable } from './recipe-unavailable';
import { useGetRecipeQuery } from './recipes-api';
import { SaveButton } from './save-button';

interface ViewRecipePageProps {
  /** The reviews section, composed by the app layer. */
  renderReviews: (recipe: RecipeView) => ReactNode;
  /** More actions beside Save ('Add to meal plan'), composed by the app layer. */
  renderActions?: (recipe: RecipeView) => ReactNode;
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

export function ViewRecipePage({ renderReviews, renderActions }: ViewRecipePageProps) {
  const { recipeId = '' } = useParams();
  const location = useLocation();
  const { user, isLoggedIn } = useSession();
  const { data: recipe, error, isLoading, refetch } = useGetRecipeQuery(recipeId);

  if (isLoading) return <ViewRecipeSkeleton />;
  if (error || !recipe) return <RecipeUnavailable error={error} onRetry={() => void refetch()} />;

  const isAuthor = user?._id === recipe.author._id;

  return (
    <article className="container-page py-8 sm:py-12 print:max-w-none print:p-0">
      <title>{`${recipe.title} · Forkful`}</title>
      <nav aria-label="Breadcrumb" className="text-sm text-ink-soft print:hidden">
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

      <header className="mt-5 max-w-4xl print:mt-0">
        <h1 className="text-4xl leading-tight font-bold break-words sm:text-5xl print:text-3xl">{recipe.title}</h1>
        {isAuthor && (
          <p
            className={`mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold print:hidden ${
              recipe.isPublished ? 'bg-herb-50 text-herb-600' : 'bg-cream-deep text-ink-soft'
            }`}
          >
            {recipe.isPublished ? 'Published — everyone can see this recipe' : 'Draft — only you can see this recipe'}
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden">
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
          <p className="mt-5 text-lg leading-relaxed wrap-anywhere text-ink-soft print:mt-2 print:text-sm">
            {recipe.introduction}
          </p>
        )}
        <div className="mt-6 flex flex-wrap items-center gap-3 print:hidden">
          <SaveButton recipeId={recipe._id} loggedIn={isLoggedIn} />
          {renderActions?.(recipe)}
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

      <RecipeBody
        // A navigation to another entry (Back to '?servings=2') starts again from its address.
        key={`${recipe._id}:${location.key}`}
        recipe={recipe}
        byline={
          <>
            <p>
              Recipe by{' '}
              <Link to={`/users/profile/${recipe.author._id}`} className="font-semibold text-brand-700 hover:underline">
                {recipe.author.name}
              </Link>
            </p>
            <RecipeSource recipe={recipe} />
            <p className="mt-1 text-ink-soft">
              Created on <CreatedAt iso={recipe.createdAt} />
            </p>
          </>
        }
      />

      <div className="mt-16 max-w-3xl print:hidden">{renderReviews(recipe)}</div>
    </article>
  );
}
