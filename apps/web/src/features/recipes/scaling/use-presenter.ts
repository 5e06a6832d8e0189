import type { ParsedIngredient } from '@forkful/contracts';
import { startTransition, use, useEffect, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import type * as PresenterModule from './presenter';
import type { UnitSystem } from './unit-system';

export type Presenter = typeof PresenterModule;

let loaded: Presenter | null = null;
let loading: Promise<Presenter> | null = null;

/** Starts (or joins) the converter's download. */
export function loadPresenter(): Promise<Presenter> {
  loading ??= import('./presenter').then((module) => (loaded = module));
  return loading;
}

/**
 * Whether the recipe as the reader asked for it can differ from the text as written: scaled, in another unit
 * system, or with a metric amount as written that reads better in kg or l ('1500 g' → '1.5 kg', amounts.ts).
 */
export function needsPresenter(lines: readonly ParsedIngredient[], factor: number, system: UnitSystem): boolean {
  return (
    factor !== 1 ||
    system !== 'original' ||
    lines.some((line) => (line.unit === 'g' || line.unit === 'ml') && line.quantity !== null && line.quantity >= 1000)
  );
}

/**
 * The converter when the page needs it, else null (the lines as written). The recipe page paints without it and
 * downloads it right after, so a first click on ×2 or Metric finds it here (issue 17's page: 17.5 → ~10 KB gzip
 * before the first paint). A page the server drew scaled (`?servings=8`) waits for it while React adopts the
 * drawing, which stays on screen meanwhile, so both sides draw the same; in the browser, a page that needs it before
 * it arrives shows the lines as written for that moment.
 */
export function usePresenter(needed: boolean): Presenter | null {
  const hydrated = useHydrated();
  const [, setArrived] = useState(loaded !== null);
  // The download starts after the first paint, whatever the page shows.
  useEffect(() => {
    void loadPresenter().catch(() => undefined);
  }, []);
  // Its arrival re-renders the page only when the page shows its work: for the recipe as written it changes nothing
  // on screen, and a re-render of the whole recipe would be a long task on a slow phone for nothing. When it does, a
  // transition lets React render the converted lines in slices.
  useEffect(() => {
    if (!needed || loaded) return;
    let current = true;
    void loadPresenter().then(
      () => current && startTransition(() => setArrived(true)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed]);
  if (!needed) return null;
  if (loaded) return loaded;
  // On the server and while adopting its drawing: wait, so the markup matches (prerenderToNodeStream waits too).
  return hydrated ? null : use(loadPresenter());
}
