import { useEffect, useState, type ReactNode } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useFindRecipesToPlanQuery, useSavedRecipesToPlanQuery } from './meal-plan-api';

export interface PickedRecipe {
  _id: string;
  title: string;
}

type Pick = (recipe: PickedRecipe) => void;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function RecipeChoices({ recipes, onPick, label }: { recipes: PickedRecipe[]; onPick: Pick; label: string }) {
  return (
    <ul aria-label={label} className="mt-3 max-h-64 space-y-1 overflow-y-auto">
      {recipes.map((recipe) => (
        <li key={recipe._id}>
          <button
            type="button"
            onClick={() => onPick({ _id: recipe._id, title: recipe.title })}
            className="w-full rounded-xl px-3 py-2 text-left wrap-anywhere hover:bg-cream-deep focus-visible:bg-cream-deep"
          >
            {recipe.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface SearchPanelProps {
  query: string;
  onQuery: (query: string) => void;
  fields: ReactNode;
  onPick: Pick;
}

function SearchPanel({ query, onQuery, fields, onPick }: SearchPanelProps) {
  const debounced = useDebounced(query.trim(), 300);
  const found = useFindRecipesToPlanQuery(debounced, { skip: debounced.length < 2 });
  return (
    <div className="pt-3">
      <label className="block text-sm font-medium">
        Recipe title
        <input
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="Find a recipe"
          className={`${inputClasses} mt-1`}
        />
      </label>
      {fields}
      {found.isFetching && <p className="mt-3 text-sm text-ink-soft">Searching…</p>}
      {found.data && found.data.recipes.length === 0 && !found.isFetching && (
        <p className="mt-3 text-sm text-ink-soft">No recipe matches that title.</p>
      )}
      {found.data && <RecipeChoices label="Matching recipes" recipes={found.data.recipes} onPick={onPick} />}
    </div>
  );
}

function SavedPanel({ fields, onPick }: { fields: ReactNode; onPick: Pick }) {
  const saved = useSavedRecipesToPlanQuery();
  return (
    <div className="pt-3">
      {fields}
      {saved.isLoading && <p className="mt-3 text-sm text-ink-soft">Loading your saved recipes…</p>}
      {saved.data && saved.data.recipes.length === 0 && (
        <p className="mt-3 text-sm text-ink-soft">You have not saved any recipes yet.</p>
      )}
      {saved.data && <RecipeChoices label="Saved recipes" recipes={saved.data.recipes} onPick={onPick} />}
    </div>
  );
}

interface RecipePickerProps<K extends string> {
  /** The tab list's name ('Plan from', 'Add from'). */
  label: string;
  onPick: Pick;
  /** Shown in both recipe tabs above the choices, e.g. the servings field. */
  fields?: ReactNode;
  /** Tabs after Search and Saved recipes (the planner's Note). */
  moreTabs?: TabItem<K>[];
}

/**
 * Chooses a recipe by its title or from the user's Saved Recipes: the planner's add dialog, and (composed by the app
 * layer) the shopping list's 'Add a recipe'.
 */
export function RecipePicker<K extends string = never>({ label, onPick, fields, moreTabs = [] }: RecipePickerProps<K>) {
  const [source, setSource] = useState<'search' | 'saved' | K>('search');
  // Kept here, not in the search tab, so a look at the saved recipes does not clear what was typed.
  const [query, setQuery] = useState('');
  return (
    <Tabs<'search' | 'saved' | K>
      label={label}
      active={source}
      onChange={setSource}
      tabs={[
        {
          key: 'search',
          label: 'Search',
          panel: <SearchPanel query={query} onQuery={setQuery} fields={fields} onPick={onPick} />,
        },
        { key: 'saved', label: 'Saved recipes', panel: <SavedPanel fields={fields} onPick={onPick} /> },
        ...moreTabs,
      ]}
    />
  );
}
