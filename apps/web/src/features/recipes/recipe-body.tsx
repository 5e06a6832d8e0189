import type { RecipeView } from '@forkful/contracts';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { RecipePhoto } from '@/components/recipe-card';
import { Button } from '@/components/ui/button';
import { RECIPE_PHOTO_SIZES } from '@/lib/images';
import { formatCookingTime } from '@/lib/time';
import { useHydrated } from '@/lib/use-hydrated';
import { formatHalves } from './scaling/halves';
import { IngredientList, StepList } from './scaling/recipe-lists';
import { ScaleControls } from './scaling/scale-controls';
import { ingredientSections, stepSections } from './scaling/sections';
import { useUrlParam } from './scaling/url-state';
import { parseAmountParam, useRecipeScale, type RecipeScale } from './scaling/use-recipe-scale';
import { needsPresenter, usePresenter } from './scaling/use-presenter';
import { useUnitSystem } from './scaling/use-unit-system';

/** Cook mode is its own chunk, fetched when the reader points at its button or opens it (issue 17's page weight). */
const loadCookMode = () => import('./cook-mode/cook-mode');
const CookMode = lazy(() => loadCookMode().then((module) => ({ default: module.CookMode })));
const prefetchCookMode = () => void loadCookMode().catch(() => undefined);

const parseStep = (text: string | null) => {
  const step = parseAmountParam(text);
  return step !== null && Number.isInteger(step) ? step : null;
};
const writeStep = (step: number | null) => (step === null ? null : String(step));

/** '8 servings', '×2'; null for the recipe as written. */
function amountNote(scale: RecipeScale): string | null {
  if (scale.servings !== null) return `${formatHalves(scale.servings)} ${scale.servings > 1 ? 'servings' : 'serving'}`;
  return scale.factor === 1 ? null : `×${formatHalves(scale.factor)}`;
}

interface RecipeBodyProps {
  recipe: RecipeView;
  /** Who wrote it and when, under the ingredients. */
  byline: ReactNode;
}

/**
 * Photo, ingredients and steps, scaled and in the reader's units, with cook mode on top when asked for. Phones read
 * photo, ingredients, then steps; desktop puts ingredients in a sticky side column; paper gets the ingredients beside
 * the numbered steps under a small photo.
 */
export function RecipeBody({ recipe, byline }: RecipeBodyProps) {
  const scale = useRecipeScale(recipe.servings);
  const [system, setSystem] = useUnitSystem();
  const [cookStep, setCookStep] = useUrlParam('cook', parseStep, writeStep);
  // Cook mode is a modal of the browser's, opened once the page is adopted (the server cannot open it).
  const hydrated = useHydrated();
  const cookButtonId = useId();
  const returnFocus = useRef(false);

  // Leaving cook mode puts the keyboard back on its button, also when cook mode was opened by a reload and the
  // browser has nothing of its own to return to.
  useEffect(() => {
    if (cookStep !== null || !returnFocus.current) return;
    returnFocus.current = false;
    document.getElementById(cookButtonId)?.focus();
  }, [cookStep, cookButtonId]);

  // The converter loads after the first paint; the lines as written need none of it (scaling/use-presenter.ts).
  const presenter = usePresenter(needsPresenter(recipe.ingredientDetails, scale.factor, system));
  const ingredients = useMemo(
    () =>
      ingredientSections(
        recipe.ingredientDetails,
        presenter ? (line) => presenter.presentIngredient(line, scale.factor, system) : undefined,
      ),
    [recipe.ingredientDetails, scale.factor, system, presenter],
  );
  const steps = useMemo(
    () => stepSections(recipe.steps, presenter ? (step) => presenter.convertTemperatures(step, system) : undefined),
    [recipe.steps, system, presenter],
  );
  const flatSteps = steps.flatMap((section) => section.items);
  const ingredientCount = recipe.ingredientDetails.filter((line) => !line.isHeading).length;
  const note = amountNote(scale);

  return (
    <div className="mt-10 grid gap-10 lg:grid-cols-[1.35fr_1fr] print:mt-4 print:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] print:gap-x-8 print:gap-y-4">
      <figure className="aspect-[4/3] overflow-hidden rounded-3xl border border-line bg-cream-deep shadow-card lg:col-start-1 lg:row-start-1 print:col-start-1 print:row-start-1 print:w-40 print:rounded-lg print:shadow-none">
        {/* The page's largest paint: fetched first, and preloaded by the server with the same sizes (decision 011). */}
        <RecipePhoto recipe={recipe} priority sizes={RECIPE_PHOTO_SIZES} className="size-full" />
      </figure>
      <aside className="space-y-6 lg:sticky lg:top-36 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start print:static print:col-start-1 print:row-start-2 print:space-y-3">
        <dl className="grid grid-cols-2 gap-3 print:flex print:flex-wrap print:gap-x-6 print:gap-y-1">
          <div className="rounded-2xl border border-line bg-white p-4 print:border-0 print:p-0">
            <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Cooking time</dt>
            {recipe.cookingTime < 60 ? (
              <dd className="mt-1 font-display text-2xl font-bold print:text-base">{recipe.cookingTime} mins</dd>
            ) : (
              <dd className="mt-1">
                <span className="block font-display text-2xl font-bold print:text-base">
                  {formatCookingTime(recipe.cookingTime)}
                </span>
                <span className="block text-sm text-ink-soft print:hidden">{recipe.cookingTime} mins</span>
              </dd>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-white p-4 print:border-0 print:p-0">
            <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Ingredients</dt>
            <dd className="mt-1 font-display text-2xl font-bold print:text-base">{ingredientCount}</dd>
          </div>
          {/* On paper the stepper is gone: the amount chosen is said instead. */}
          {note && (
            <div className="hidden print:block">
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
                {scale.servings !== null ? 'Servings' : 'Scaled'}
              </dt>
              <dd className="mt-1 font-display text-base font-bold">
                {scale.servings !== null ? formatHalves(scale.servings) : note}
              </dd>
            </div>
          )}
          {recipe.yieldText && scale.factor === 1 && (
            <div className="hidden print:block">
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">Makes</dt>
              <dd className="mt-1 font-display text-base font-bold">{recipe.yieldText}</dd>
            </div>
          )}
        </dl>
        <section
          aria-labelledby="ingredients-heading"
          className="rounded-3xl border border-line bg-white p-6 shadow-card print:rounded-none print:border-0 print:p-0 print:shadow-none"
        >
          <h2 id="ingredients-heading" className="text-2xl font-bold print:text-xl">
            Ingredients
          </h2>
          {recipe.yieldText && (
            <p className="mt-1 text-sm text-ink-soft print:hidden">Makes {recipe.yieldText} (as written)</p>
          )}
          <div className="mt-4 print:hidden">
            <ScaleControls scale={scale} system={system} onSystem={setSystem} />
          </div>
          <IngredientList sections={ingredients} />
        </section>
        <div className="rounded-2xl bg-cream-deep p-5 text-sm wrap-anywhere print:hidden">{byline}</div>
      </aside>
      <section
        aria-labelledby="steps-heading"
        className="lg:col-start-1 lg:row-start-2 print:col-start-2 print:row-span-2 print:row-start-1"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="steps-heading" className="text-2xl font-bold sm:text-3xl print:text-xl">
            Steps
          </h2>
          {flatSteps.length > 0 && (
            <Button
              id={cookButtonId}
              variant="secondary"
              className="print:hidden"
              onPointerEnter={prefetchCookMode}
              onFocus={prefetchCookMode}
              onClick={() => setCookStep(1)}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
                <path d="M3 4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-5v2h3v1H6v-1h3v-2H4a1 1 0 0 1-1-1V4Z" />
              </svg>
              Cook mode
            </Button>
          )}
        </div>
        <StepList sections={steps} />
      </section>
      {hydrated && cookStep !== null && flatSteps.length > 0 && (
        <Suspense fallback={null}>
          <CookMode
            recipeId={recipe._id}
            title={recipe.title}
            amountNote={note}
            ingredients={ingredients}
            steps={flatSteps}
            step={Math.min(cookStep, flatSteps.length)}
            onStep={setCookStep}
            onClose={() => {
              returnFocus.current = true;
              setCookStep(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
