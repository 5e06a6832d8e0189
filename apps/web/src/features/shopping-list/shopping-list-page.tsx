import { addDays, mondayOf, shoppingListMessages, SHOPPING_ITEM_TEXT_MAX } from '@forkful/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusMessage } from '@/components/ui/status-message';
import { reasonOf } from '@/lib/api-error';
import { todayIso } from '@/lib/local-date';
import { AddRecipeDialog, type RenderRecipePicker } from './add-recipe-dialog';
import { AISLE_NAMES, groupByAisle } from './aisles';
import { newClientId } from './client-id';
import { ShoppingLine } from './shopping-line';
import { useAddFromMealPlanMutation } from './shopping-list-api';
import { useShoppingList } from './use-shopping-list';

function AddFromPlan({ online }: { online: boolean }) {
  const monday = mondayOf(todayIso());
  const [from, setFrom] = useState(monday);
  const [to, setTo] = useState(addDays(monday, 6));
  const [addFromMealPlan, { isLoading, error }] = useAddFromMealPlanMutation();
  const [done, setDone] = useState<string | null>(null);
  const add = async (range: { from: string; to: string }) => {
    setDone(null);
    const result = await addFromMealPlan(range);
    if ('data' in result && result.data) {
      const { changed } = result.data;
      setDone(
        changed === 0
          ? 'Nothing new to add: those meals are already on the list'
          : `Added ${changed} ${changed === 1 ? 'line' : 'lines'} from the meal plan`,
      );
    }
  };
  return (
    <section aria-labelledby="from-plan" className="rounded-2xl border border-line bg-white p-5 shadow-card">
      <h2 id="from-plan" className="text-lg font-semibold">
        From the meal plan
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Button onClick={() => void add({ from: monday, to: addDays(monday, 6) })} disabled={!online || isLoading}>
          Add this week
        </Button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void add({ from, to });
          }}
        >
          <label className="text-sm font-medium">
            From
            <input
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className={`${inputClasses} mt-1 h-11 py-1`}
              required
            />
          </label>
          <label className="text-sm font-medium">
            To
            <input
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              className={`${inputClasses} mt-1 h-11 py-1`}
              required
            />
          </label>
          <Button type="submit" variant="secondary" disabled={!online || isLoading}>
            Add these dates
          </Button>
        </form>
      </div>
      {!online && <p className="mt-2 text-sm text-ink-soft">Adding from the meal plan needs a connection.</p>}
      {error && <ErrorBox className="mt-3">{reasonOf(error)}</ErrorBox>}
      <StatusMessage message={done} className="mt-3" />
    </section>
  );
}

function AddLine({ onAdd }: { onAdd: (text: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line) return setError(shoppingListMessages.textEmpty);
    if (line.length > SHOPPING_ITEM_TEXT_MAX) return setError(shoppingListMessages.textTooLong);
    setError(null);
    onAdd(line);
    setText('');
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-2" noValidate>
      <div className="min-w-0 flex-1">
        <label htmlFor="new-line" className="sr-only">
          New line
        </label>
        <input
          id="new-line"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Add a line, e.g. dish soap"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-line-error' : undefined}
          className={inputClasses}
        />
        {error && (
          <p id="new-line-error" className="mt-1 text-sm text-danger-600">
            {error}
          </p>
        )}
      </div>
      <Button type="submit">Add</Button>
    </form>
  );
}

interface ShoppingListPageProps {
  /** The recipe chooser for 'Add a recipe', composed by the app layer (it is the planner's). */
  renderRecipePicker?: RenderRecipePicker;
}

export function ShoppingListPage({ renderRecipePicker }: ShoppingListPageProps) {
  const list = useShoppingList();
  const groups = groupByAisle(list.items);
  const ticked = list.items.filter((item) => item.checked).length;
  const [addingRecipe, setAddingRecipe] = useState(false);
  const [recipeAdded, setRecipeAdded] = useState<string | null>(null);

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-4xl font-bold">Shopping list</h1>
          <p className="mt-1 text-ink-soft">
            Grouped by aisle. Plan meals in the{' '}
            <Link to="/meal-planner" className="font-semibold text-brand-700 hover:underline">
              meal planner
            </Link>
            , then add them here.
          </p>
        </div>
        {renderRecipePicker && (
          <Button
            variant="secondary"
            disabled={!list.online}
            onClick={() => {
              setRecipeAdded(null);
              setAddingRecipe(true);
            }}
          >
            Add a recipe…
          </Button>
        )}
      </div>
      <StatusMessage message={recipeAdded} onDismiss={() => setRecipeAdded(null)} className="mt-4" />
      {renderRecipePicker && (
        <AddRecipeDialog
          open={addingRecipe}
          onClose={() => setAddingRecipe(false)}
          onAdded={setRecipeAdded}
          renderRecipePicker={renderRecipePicker}
        />
      )}

      <div role="status" className="mt-4 empty:hidden">
        {!list.online && (
          <p className="rounded-xl border border-line bg-cream-deep px-4 py-2 text-sm font-medium">
            You are offline. Ticks and new lines are kept on this device and sent when you are back online.
          </p>
        )}
        {list.online && list.pending > 0 && (
          <p className="text-sm text-ink-soft">
            Saving {list.pending} {list.pending === 1 ? 'change' : 'changes'}…
          </p>
        )}
      </div>
      {!list.online && list.pending > 0 && (
        <p className="mt-2 text-sm text-ink-soft">
          {list.pending} {list.pending === 1 ? 'change waits' : 'changes wait'} to be sent.
        </p>
      )}
      {list.refused && (
        <ErrorBox className="mt-3">
          {list.refused}{' '}
          <Button variant="quiet" size="sm" onClick={list.dismissRefused}>
            Dismiss
          </Button>
        </ErrorBox>
      )}

      <div className="mt-6 space-y-6">
        <AddFromPlan online={list.online} />
        <AddLine onAdd={(text) => list.change({ kind: 'create', clientId: newClientId(), text })} />

        {list.isLoading && !list.loaded ? (
          <div aria-busy="true" aria-label="Loading the shopping list" className="space-y-3">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-8" />
            ))}
          </div>
        ) : list.error && list.items.length === 0 ? (
          <ErrorBox>
            {reasonOf(list.error)}{' '}
            <Button variant="quiet" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </ErrorBox>
        ) : list.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-8 text-center text-ink-soft">
            Your shopping list is empty. Add this week&apos;s meals or type a line above.
          </p>
        ) : (
          <>
            {groups.map(({ aisle, items }) => (
              <section key={aisle} aria-labelledby={`aisle-${aisle}`}>
                <h2 id={`aisle-${aisle}`} className="text-sm font-bold tracking-wide text-ink-soft uppercase">
                  {AISLE_NAMES[aisle]}
                </h2>
                <ul className="mt-1 rounded-2xl border border-line bg-white px-4 shadow-card">
                  {items.map((item) => (
                    <ShoppingLine
                      key={item.clientId ?? item._id}
                      item={item}
                      onTick={(ref, checked) => list.change({ kind: 'update', ref, changes: { checked } })}
                      onAisle={(ref, aisle) => list.change({ kind: 'update', ref, changes: { aisle } })}
                      onRemove={(ref) => list.change({ kind: 'remove', ref })}
                    />
                  ))}
                </ul>
              </section>
            ))}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-ink-soft">
                {ticked} of {list.items.length} ticked
              </p>
              <Button
                variant="secondary"
                disabled={ticked === 0}
                onClick={() => list.change({ kind: 'clear-checked' })}
              >
                Clear ticked
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
