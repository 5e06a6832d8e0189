import { useDraggable } from '@dnd-kit/core';
import type { MealPlanEntry } from '@forkful/contracts';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { entryTitle } from './week';

interface PlannerEntryProps {
  entry: MealPlanEntry;
  /** Offline: the plan can be read, not changed. */
  readOnly: boolean;
  onOptions: () => void;
}

function servingsText(entry: MealPlanEntry): string | null {
  const servings = entry.servings ?? entry.recipeServings;
  if (servings === null || entry.recipe === null) return null;
  return `${servings} ${servings === 1 ? 'serving' : 'servings'}`;
}

export function PlannerEntry({ entry, readOnly, onOptions }: PlannerEntryProps) {
  const title = entryTitle(entry);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: entry._id,
    disabled: readOnly,
  });
  const servings = servingsText(entry);
  return (
    <li
      ref={setNodeRef}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        'flex items-start gap-1 rounded-xl border border-line bg-white p-1.5 text-sm shadow-card',
        isDragging && 'relative z-20 shadow-lift ring-2 ring-brand-500',
        entry.recipe === null && !entry.unavailable && 'bg-cream',
      )}
    >
      {!readOnly && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${title}`}
          className="grid h-8 w-6 shrink-0 cursor-grab touch-none place-items-center rounded-md text-ink-soft hover:bg-cream-deep active:cursor-grabbing"
        >
          <svg aria-hidden="true" viewBox="0 0 10 16" className="h-4 w-2.5 fill-current">
            <circle cx="2" cy="3" r="1.4" />
            <circle cx="8" cy="3" r="1.4" />
            <circle cx="2" cy="8" r="1.4" />
            <circle cx="8" cy="8" r="1.4" />
            <circle cx="2" cy="13" r="1.4" />
            <circle cx="8" cy="13" r="1.4" />
          </svg>
        </button>
      )}
      <div className="min-w-0 flex-1 py-1">
        {entry.recipe ? (
          <Link
            to={`/view-recipe/${entry.recipe._id}`}
            className="font-semibold wrap-anywhere hover:text-brand-700 hover:underline"
          >
            {title}
          </Link>
        ) : entry.unavailable ? (
          <span className="wrap-anywhere text-ink-soft">
            <span className="line-through">{title}</span> <span className="text-xs">(no longer available)</span>
          </span>
        ) : (
          <span className="wrap-anywhere italic">{title}</span>
        )}
        {servings && <span className="block text-xs text-ink-soft">{servings}</span>}
      </div>
      {!readOnly && (
        <button
          type="button"
          onClick={onOptions}
          aria-label={`Options for ${title}`}
          aria-haspopup="dialog"
          className="grid size-8 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-cream-deep hover:text-ink"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
            <circle cx="4" cy="10" r="1.8" />
            <circle cx="10" cy="10" r="1.8" />
            <circle cx="16" cy="10" r="1.8" />
          </svg>
        </button>
      )}
    </li>
  );
}
