import { AISLES, type Aisle, type ShoppingItem } from '@forkful/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { AISLE_NAMES } from './aisles';
import type { LineRef } from './offline-queue';

interface ShoppingLineProps {
  item: ShoppingItem;
  onTick: (ref: LineRef, checked: boolean) => void;
  onAisle: (ref: LineRef, aisle: Aisle) => void;
  onRemove: (ref: LineRef) => void;
}

/** A line made offline is named by its clientId until the server has given it an id. */
export function refOf(item: ShoppingItem): LineRef {
  return item._id.startsWith('local-') && item.clientId ? { clientId: item.clientId } : { id: item._id };
}

export function ShoppingLine({ item, onTick, onAisle, onRemove }: ShoppingLineProps) {
  const id = useId();
  const ref = refOf(item);
  return (
    <li className="flex items-start gap-3 border-b border-line/70 py-3 last:border-b-0">
      <input
        id={`${id}-tick`}
        type="checkbox"
        checked={item.checked}
        onChange={(event) => onTick(ref, event.target.checked)}
        className="mt-0.5 size-6 shrink-0 accent-brand-600"
      />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={`${id}-tick`}
          className={cn('block text-lg leading-snug wrap-anywhere', item.checked && 'text-ink-soft line-through')}
        >
          {item.text}
        </label>
        {item.sources.length > 0 && (
          <p className="mt-0.5 text-sm wrap-anywhere text-ink-soft">
            For{' '}
            {item.sources.map((source, index) => (
              <span key={`${source.recipeId ?? 'gone'}-${index}`}>
                {index > 0 && ', '}
                {source.recipeId ? (
                  <Link to={`/view-recipe/${source.recipeId}`} className="text-brand-700 hover:underline">
                    {source.title}
                  </Link>
                ) : (
                  source.title
                )}
              </span>
            ))}
          </p>
        )}
        <label htmlFor={`${id}-aisle`} className="sr-only">
          Aisle for {item.text}
        </label>
        <select
          id={`${id}-aisle`}
          value={item.aisle ?? 'other'}
          onChange={(event) => onAisle(ref, event.target.value as Aisle)}
          className="mt-1.5 h-8 rounded-lg border border-line bg-white px-2 text-sm text-ink-soft"
        >
          {AISLES.map((aisle) => (
            <option key={aisle} value={aisle}>
              {AISLE_NAMES[aisle]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        onClick={() => onRemove(ref)}
        aria-label={`Remove ${item.text}`}
        className="grid size-9 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-cream-deep hover:text-danger-600"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="m5.4 4 4.6 4.6L14.6 4 16 5.4 11.4 10l4.6 4.6-1.4 1.4-4.6-4.6L5.4 16 4 14.6 8.6 10 4 5.4z" />
        </svg>
      </button>
    </li>
  );
}
