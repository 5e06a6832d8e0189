import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Section, ShownIngredient, ShownStep } from '../scaling/sections';
import { useTicks } from './use-ticks';
import { useWakeLock, type WakeLockState } from './use-wake-lock';

/** How far a finger must travel sideways, more than up or down, to turn the page. */
const SWIPE_PX = 50;

const wakeNotes: Record<WakeLockState, string | null> = {
  asking: null,
  on: 'The screen stays on while cook mode is open.',
  unsupported:
    'This browser cannot keep the screen on. Turn off auto-lock in your device’s settings while you cook, or use a browser that can (Chrome, Edge, Safari 16.4 or later).',
  refused:
    'The browser did not let this page keep the screen on (a battery saver can stop it), so the screen may dim while you cook.',
};

function WakeLockNote({ state }: { state: WakeLockState }) {
  const note = wakeNotes[state];
  return (
    <p
      role="status"
      className={cn(
        'px-4 text-sm sm:px-8',
        note && 'py-2',
        state === 'on' ? 'text-herb-600' : 'bg-brand-50 font-medium text-brand-700',
      )}
    >
      {note}
    </p>
  );
}

function Ingredients({ recipeId, sections }: { recipeId: string; sections: Array<Section<ShownIngredient>> }) {
  const [ticks, tick] = useTicks(recipeId);
  const headingId = useId();
  const total = sections.reduce((sum, section) => sum + section.items.length, 0);
  const ticked = sections.reduce(
    (sum, section) => sum + section.items.filter((item) => ticks.has(item.index)).length,
    0,
  );
  return (
    <section aria-labelledby={headingId} className="p-5 sm:p-8">
      <h3 id={headingId} className="text-2xl font-bold">
        Ingredients
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        {ticked} of {total} ticked
      </p>
      {sections.map((section, position) => (
        <div key={position} className="mt-4">
          {section.title && <h4 className="font-display text-lg font-bold">{section.title}</h4>}
          <ul className="mt-1 space-y-1">
            {section.items.map((item) => {
              const checked = ticks.has(item.index);
              return (
                <li key={item.index}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-xl px-2 py-2 text-lg hover:bg-cream-deep">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => tick(item.index, event.target.checked)}
                      className="mt-1 size-6 shrink-0 accent-brand-600"
                    />
                    <span className={cn('wrap-anywhere', checked && 'text-ink-soft line-through')}>{item.text}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

interface CookModeProps {
  recipeId: string;
  title: string;
  /** '8 servings', '×2': how much is being cooked, when it is not the recipe as written. */
  amountNote: string | null;
  ingredients: Array<Section<ShownIngredient>>;
  steps: ShownStep[];
  /** 1-based, already within the steps. */
  step: number;
  onStep: (step: number) => void;
  onClose: () => void;
}

/**
 * The recipe for the kitchen: the whole screen, one step at a time in large type, the ingredients to tick off, and the
 * screen kept on. Arrow keys and a sideways swipe move between steps; Escape leaves.
 */
export function CookMode({ recipeId, title, amountNote, ingredients, steps, step, onStep, onClose }: CookModeProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stepRegion = useRef<HTMLElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const titleId = useId();
  const stepHeadingId = useId();
  const wakeLock = useWakeLock(true);
  const current = steps[step - 1];
  const total = steps.length;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    stepRegion.current?.focus();
    // A swipe or a wheel over cook mode must not scroll the recipe page underneath it.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (typeof element.close === 'function' && element.open) element.close();
    };
  }, []);

  const go = (next: number) => {
    if (next >= 1 && next <= total) onStep(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const moves: Record<string, number> = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 1, End: total };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? step + 1 : step - 1);
  };

  return (
    // The dialog handles the arrow keys for everything inside it, as a slide viewer does.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-cream p-0 text-ink backdrop:bg-ink print:hidden"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-8">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-ink-soft">Cook mode{amountNote ? ` · ${amountNote}` : ''}</p>
            <h2 id={titleId} className="truncate text-xl font-bold sm:text-2xl">
              {title}
            </h2>
          </div>
          <Button variant="secondary" onClick={onClose}>
            Exit cook mode
          </Button>
        </div>
        <WakeLockNote state={wakeLock} />
        <div className="grid min-h-0 flex-1 overflow-y-auto sm:grid-cols-[minmax(16rem,2fr)_3fr] sm:overflow-hidden">
          <section
            ref={stepRegion}
            tabIndex={-1}
            aria-labelledby={stepHeadingId}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
            className="touch-pan-y p-5 select-none focus:outline-none sm:order-2 sm:overflow-y-auto sm:p-10"
          >
            <h3 id={stepHeadingId} className="font-sans text-lg font-semibold tracking-normal text-brand-700">
              Step {step} of {total}
              {current?.section ? ` · ${current.section}` : ''}
            </h3>
            <p
              aria-live="polite"
              className="mt-4 text-2xl leading-snug font-medium wrap-anywhere whitespace-pre-line sm:text-4xl"
            >
              {current?.text}
            </p>
            <p className="mt-8 text-sm text-ink-soft">Swipe sideways or use the arrow keys to move between steps.</p>
          </section>
          <div className="border-t border-line bg-white sm:order-1 sm:overflow-y-auto sm:border-t-0 sm:border-r">
            <Ingredients recipeId={recipeId} sections={ingredients} />
          </div>
        </div>
        <nav aria-label="Steps" className="flex items-center gap-3 border-t border-line bg-white px-4 py-3 sm:px-8">
          <Button variant="secondary" size="lg" disabled={step <= 1} onClick={() => go(step - 1)}>
            <span aria-hidden="true">←</span> Previous
          </Button>
          <div
            aria-hidden="true"
            className="mx-auto hidden h-2 max-w-md flex-1 overflow-hidden rounded-full bg-cream-deep sm:block"
          >
            <div className="h-full bg-brand-600" style={{ width: `${(step / Math.max(1, total)) * 100}%` }} />
          </div>
          {step < total ? (
            <Button size="lg" className="ml-auto sm:ml-0" onClick={() => go(step + 1)}>
              Next step <span aria-hidden="true">→</span>
            </Button>
          ) : (
            <Button size="lg" className="ml-auto sm:ml-0" onClick={onClose}>
              Finish
            </Button>
          )}
        </nav>
      </div>
    </dialog>
  );
}
