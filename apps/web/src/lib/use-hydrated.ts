import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while React adopts markup the server drew (docs/decisions/014), true in every other render.
 * What only the browser knows (its time zone) is rendered once this is true, so both sides draw the same first.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
