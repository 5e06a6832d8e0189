import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatHalves } from './halves';
import { SCALE_FACTORS, type RecipeScale } from './use-recipe-scale';
import { UNIT_SYSTEMS, type UnitSystem } from './unit-system';

const pill =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full border border-line bg-white px-3 text-sm ' +
  'font-semibold text-ink transition-colors hover:border-brand-500 hover:text-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-55 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 ' +
  'aria-pressed:text-white';

const factorLabel = (factor: number) => `×${formatHalves(factor)}`;
const factorName: Record<number, string> = { 0.5: 'half the recipe', 1: 'as written', 2: 'double', 3: 'triple' };

function ServingsStepper({ scale }: { scale: RecipeScale & { baseServings: number; servings: number } }) {
  const labelId = useId();
  const { baseServings, servings, factor, choose } = scale;
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="mr-1 text-sm font-semibold">
        Servings
      </span>
      <button
        type="button"
        className={pill}
        aria-label="Fewer servings"
        disabled={servings <= 1}
        onClick={() => choose(Math.max(1, Math.ceil(servings) - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" className="min-w-[6.5rem] text-center font-display text-lg font-bold">
        {formatHalves(servings)} {servings > 1 ? 'servings' : 'serving'}
      </output>
      <button
        type="button"
        className={pill}
        aria-label="More servings"
        disabled={servings >= 1000}
        onClick={() => choose(Math.floor(servings) + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
      {[0.5, 2].map((shortcut) => (
        <button
          key={shortcut}
          type="button"
          className={pill}
          aria-pressed={factor === shortcut}
          aria-label={`${factorLabel(shortcut)}, ${factorName[shortcut]}`}
          onClick={() => choose(factor === shortcut ? baseServings : baseServings * shortcut)}
        >
          {factorLabel(shortcut)}
        </button>
      ))}
    </div>
  );
}

function FactorButtons({ scale }: { scale: RecipeScale }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="mr-1 text-sm font-semibold">
        Scale
      </span>
      {SCALE_FACTORS.map((factor) => (
        <button
          key={factor}
          type="button"
          className={pill}
          aria-pressed={scale.factor === factor}
          aria-label={`${factorLabel(factor)}, ${factorName[factor]}`}
          onClick={() => scale.choose(factor)}
        >
          {factorLabel(factor)}
        </button>
      ))}
    </div>
  );
}

function UnitSwitch({ system, onChange }: { system: UnitSystem; onChange: (system: UnitSystem) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-3 text-sm font-semibold">Units</legend>
      <div className="inline-flex rounded-full border border-line bg-white p-1">
        {UNIT_SYSTEMS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              system === option.value ? 'bg-ink text-white' : 'text-ink-soft hover:text-ink',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={system === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface ScaleControlsProps {
  scale: RecipeScale;
  system: UnitSystem;
  onSystem: (system: UnitSystem) => void;
}

/** The servings stepper (or the factors, for a recipe without a count) and the unit switch; not printed. */
export function ScaleControls({ scale, system, onSystem }: ScaleControlsProps) {
  const changed = scale.factor !== 1 || system !== 'original';
  return (
    <div className="space-y-3 print:hidden">
      {scale.baseServings !== null && scale.servings !== null ? (
        <ServingsStepper scale={{ ...scale, baseServings: scale.baseServings, servings: scale.servings }} />
      ) : (
        <FactorButtons scale={scale} />
      )}
      <UnitSwitch system={system} onChange={onSystem} />
      {changed && (
        <p className="text-sm text-ink-soft">
          {scale.baseServings !== null && scale.factor !== 1
            ? `Quantities scaled from ${scale.baseServings} ${scale.baseServings === 1 ? 'serving' : 'servings'}. `
            : 'Quantities changed from the recipe as written. '}
          <button
            type="button"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            onClick={() => {
              scale.reset();
              onSystem('original');
            }}
          >
            Show as written
          </button>
        </p>
      )}
    </div>
  );
}
