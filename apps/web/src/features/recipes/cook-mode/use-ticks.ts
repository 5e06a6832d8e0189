import { useCallback, useState } from 'react';

const keyOf = (recipeId: string) => `forkful-cook-ticks:${recipeId}`;

function readTicks(recipeId: string): Set<number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(keyOf(recipeId)) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((value): value is number => Number.isInteger(value)) : []);
  } catch {
    return new Set();
  }
}

/** The ingredients a cook has ticked off, kept for this tab so a reload in the middle of cooking keeps them. */
export function useTicks(recipeId: string): [ReadonlySet<number>, (index: number, ticked: boolean) => void] {
  const [ticks, setTicks] = useState(() => readTicks(recipeId));
  const tick = useCallback(
    (index: number, ticked: boolean) => {
      setTicks((current) => {
        const next = new Set(current);
        if (ticked) next.add(index);
        else next.delete(index);
        try {
          sessionStorage.setItem(keyOf(recipeId), JSON.stringify([...next]));
        } catch {
          // Storage refused: the ticks last as long as the page.
        }
        return next;
      });
    },
    [recipeId],
  );
  return [ticks, tick];
}
