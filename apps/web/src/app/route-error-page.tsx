import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyPlate } from '@/components/ui/empty-plate';

function detailOf(data: unknown): string | null {
  if (data instanceof Error) return data.message;
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && 'message' in data) return String((data as { message: unknown }).message);
  return null;
}

/** An error answer with an HTTP status, such as the router's 404 for an unmatched URL. */
export class RouteErrorResponse extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    message: string,
  ) {
    super(message);
    this.name = 'RouteErrorResponse';
  }
}

/**
 * Spec section 2: an error response (the router's own 404 'No route matches URL …' among them) shows
 * 'Unexpected Application Error!' with its status and text; anything else unexpected shows 'Oops!'. The spec's words
 * stay; around them the page says in plain words what happened and offers a way on: a search box (composed by the
 * caller, `search`), the way home and the recipes.
 */
export function RouteErrorPage({ error, search }: { error: unknown; search?: ReactNode }) {
  if (error instanceof RouteErrorResponse) {
    const detail = error.message;
    return (
      <section className="container-page grid items-center gap-10 py-12 sm:grid-cols-[1fr_auto] sm:py-20">
        <title>{`${error.status} ${error.statusText} · Forkful`}</title>
        <div className="flex max-w-2xl min-w-0 flex-col items-start">
          <p className="font-display text-7xl leading-none font-bold text-brand-600 sm:text-8xl">{error.status}</p>
          <h1 className="mt-5 text-3xl font-bold sm:text-4xl">Unexpected Application Error!</h1>
          <h2 className="mt-2 font-sans text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">
            {error.status} {error.statusText}
          </h2>
          {detail && <p className="mt-4 max-w-full text-ink-soft wrap-anywhere">{detail}</p>}
          {error.status === 404 && (
            <p className="mt-4 text-lg text-ink">
              This page isn’t on the menu. Search for the recipe you had in mind, or head back to the kitchen.
            </p>
          )}
          {search && <div className="mt-6 w-full max-w-md">{search}</div>}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/" className={buttonClasses('primary', 'lg')}>
              Back to the kitchen
            </Link>
            <Link to="/recipes" className={buttonClasses('secondary', 'lg')}>
              Browse all recipes
            </Link>
          </div>
        </div>
        <EmptyPlate sad className="hidden h-56 w-auto sm:block lg:h-72" />
      </section>
    );
  }

  const message = error instanceof Error ? error.message : detailOf(error);
  return (
    <section className="container-page flex flex-col items-start py-16 sm:py-24">
      <title>Oops! · Forkful</title>
      <h1 className="text-5xl font-bold sm:text-6xl">Oops!</h1>
      <p className="mt-4 text-lg text-ink-soft">Sorry, an unexpected error has occurred.</p>
      {message && (
        <p className="mt-4 max-w-full rounded-xl bg-cream-deep px-4 py-3 font-mono text-sm wrap-anywhere text-ink">
          {message}
        </p>
      )}
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        Back to the kitchen
      </Link>
    </section>
  );
}
