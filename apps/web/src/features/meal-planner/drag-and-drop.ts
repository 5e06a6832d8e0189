import {
  closestCenter,
  KeyboardCode,
  pointerWithin,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';

const DIRECTIONS: Record<string, [number, number]> = {
  [KeyboardCode.Right]: [1, 0],
  [KeyboardCode.Left]: [-1, 0],
  [KeyboardCode.Down]: [0, 1],
  [KeyboardCode.Up]: [0, -1],
};

/**
 * The keyboard moves a picked-up entry from cell to cell (a day's slot), not by a few pixels: an arrow key jumps to the
 * nearest cell that way, on the desktop's grid of days as on the phone's column of them.
 */
export const cellKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const direction = DIRECTIONS[event.code];
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const from = {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + Math.min(collisionRect.height / 2, 24),
  };
  let best: { x: number; y: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const to = { x: rect.left + rect.width / 2, y: rect.top + Math.min(rect.height / 2, 24) };
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const along = dx * direction[0] + dy * direction[1];
    if (along <= 4) continue;
    const across = Math.abs(dx * direction[1]) + Math.abs(dy * direction[0]);
    const score = along + across * 3;
    if (score < bestScore) {
      bestScore = score;
      best = to;
    }
  }
  if (!best) return currentCoordinates;
  return { x: currentCoordinates.x + best.x - from.x, y: currentCoordinates.y + best.y - from.y };
};

/** The cell under the pointer; with the keyboard (no pointer), the cell nearest the entry. */
export const cellCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : closestCenter(args);
};

/** What a screen reader hears while an entry is dragged, in the planner's words. */
export function plannerAnnouncements(titleOf: (id: string) => string, cellName: (id: string) => string): Announcements {
  return {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(String(active.id))}. Arrow keys move it to another day or meal; Space drops it, Escape cancels.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(String(active.id))} is over ${cellName(String(over.id))}.`
        : `${titleOf(String(active.id))} is over no meal.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(String(active.id))} moved to ${cellName(String(over.id))}.`
        : `${titleOf(String(active.id))} was not moved.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(String(active.id))} was cancelled.`,
  };
}
