import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyPlate } from '@/components/ui/empty-plate';
import { ErrorBox } from '@/components/ui/error-box';
import { isApiError, reasonOf } from '@/lib/api-error';

/**
 * A recipe page whose recipe could not be loaded. The reason stays in the red box of spec section 8 ('Error: …');
 * around it the page says what probably happened and offers a way on.
 */
export function RecipeUnavailable({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const status = isApiError(error) ? error.statusCode : 500;
  // 400 (a malformed id) and 404 both mean: there is no such recipe to show.
  const missing = status === 400 || status === 404;
  const heading = missing ? 'This recipe isn’t on the menu' : 'We couldn’t bring this recipe to the table';
  return (
    <section className="container-page py-12 sm:py-20" aria-labelledby="recipe-unavailable-heading">
      <title>{missing ? 'Recipe not found · Forkful' : 'Recipe unavailable · Forkful'}</title>
      <div className="mx-auto max-w-xl rounded-3xl border border-line bg-white px-5 py-10 text-center shadow-card sm:px-12 sm:py-12">
        <EmptyPlate sad className="mx-auto h-28 w-auto sm:h-32" />
        <h1 id="recipe-unavailable-heading" className="mt-6 text-3xl leading-tight font-bold sm:text-4xl">
          {heading}
        </h1>
        <p className="mt-3 text-ink-soft">
          {missing
            ? 'It may have been deleted, kept as a draft by its cook, or the link may be mistyped.'
            : 'The kitchen is having a moment. Please try again in a little while.'}
        </p>
        <ErrorBox className="mt-6 text-left">Error: {reasonOf(error)}</ErrorBox>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/recipes" className={buttonClasses('primary', 'lg')}>
            Browse all recipes
          </Link>
          {onRetry && !missing ? (
            <Button variant="secondary" size="lg" onClick={onRetry}>
              Try again
            </Button>
          ) : (
            <Link to="/" className={buttonClasses('secondary', 'lg')}>
              Back to home
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
