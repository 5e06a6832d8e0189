import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { addDays, MEAL_SLOTS, type MealPlanEntry, type MealSlot } from '@forkful/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusMessage } from '@/components/ui/status-message';
import { reasonOf } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { todayIso } from '@/lib/local-date';
import { useOnline } from '@/lib/online-status';
import { AddEntryDialog } from './add-entry-dialog';
import { cellCollision, cellKeyboardCoordinates, plannerAnnouncements } from './drag-and-drop';
import { EntryMenu } from './entry-menu';
import { useDeleteMealPlanEntryMutation, useGetMealPlanQuery, useUpdateMealPlanEntryMutation } from './meal-plan-api';
import { PlannerEntry } from './planner-entry';
import {
  cellId,
  dayName,
  entriesIn,
  entryTitle,
  parseCellId,
  SLOT_NAMES,
  weekDays,
  weekFromParam,
  weekLabel,
} from './week';
import { CalendarLinkDialog, CopyWeekDialog } from './week-dialogs';

// The meal times form (react-hook-form and zod) loads when it is opened, not with the week.
const MealTimesDialog = lazy(() =>
  import('./meal-times-dialog').then((module) => ({ default: module.MealTimesDialog })),
);

interface SlotCellProps {
  date: string;
  slot: MealSlot;
  entries: MealPlanEntry[];
  readOnly: boolean;
  onAdd: () => void;
  onOptions: (entry: MealPlanEntry) => void;
}

function SlotCell({ date, slot, entries, readOnly, onAdd, onOptions }: SlotCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id: cellId(date, slot), disabled: readOnly });
  const where = `${dayName(date)}, ${SLOT_NAMES[slot].toLowerCase()}`;
  return (
    <div
      ref={setNodeRef}
      className={cn('rounded-xl p-1.5 transition-colors', isOver ? 'bg-brand-50 ring-2 ring-brand-500' : 'bg-cream/60')}
    >
      <div className="flex items-center justify-between gap-1">
        <h3 className="px-1 text-xs font-bold tracking-wide text-ink-soft uppercase">{SLOT_NAMES[slot]}</h3>
        {!readOnly && (
          <button
            type="button"
            onClick={onAdd}
            aria-label={`Add to ${where}`}
            className="grid size-8 place-items-center rounded-full text-brand-700 hover:bg-brand-50"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
              <path d="M9 4h2v5h5v2h-5v5H9v-5H4V9h5z" />
            </svg>
          </button>
        )}
      </div>
      {entries.length > 0 && (
        <ul aria-label={where} className="mt-1 space-y-1.5">
          {entries.map((entry) => (
            <PlannerEntry key={entry._id} entry={entry} readOnly={readOnly} onOptions={() => onOptions(entry)} />
          ))}
        </ul>
      )}
    </div>
  );
}

type OpenDialog =
  | { kind: 'add'; date: string; slot: MealSlot }
  | { kind: 'entry'; entry: MealPlanEntry }
  | { kind: 'copy' }
  | { kind: 'calendar' }
  | { kind: 'times' }
  | null;

export function MealPlannerPage() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const monday = weekFromParam(params.get('week'), today);
  const days = weekDays(monday);
  const week = { from: monday, to: addDays(monday, 6) };
  const online = useOnline();
  const plan = useGetMealPlanQuery(week, { refetchOnMountOrArgChange: true });
  const [updateEntry] = useUpdateMealPlanEntryMutation();
  const [deleteEntry] = useDeleteMealPlanEntryMutation();
  const [dialog, setOpenDialog] = useState<OpenDialog>(null);
  // The dialogs are mounted only while open; focus goes back to what opened them.
  const opener = useRef<HTMLElement | null>(null);
  const setDialog = (next: OpenDialog) => {
    if (next) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      const back = opener.current;
      window.setTimeout(() => {
        if (back?.isConnected) back.focus();
      });
    }
    setOpenDialog(next);
  };
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = !online;
  const entries = plan.data?.entries ?? [];

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellKeyboardCoordinates }),
  );

  const goTo = (date: string | null) => {
    setMessage(null);
    setParams(date ? { week: date } : {});
  };

  const run = async (action: Promise<{ error?: unknown }>, done: string) => {
    setFailure(null);
    const result = await action;
    if (result.error) setFailure(reasonOf(result.error));
    else setMessage(done);
  };

  const move = (entry: MealPlanEntry, date: string, slot: MealSlot) => {
    if (entry.date === date && entry.slot === slot) return;
    void run(
      updateEntry({ id: entry._id, changes: { date, slot }, week }),
      `${entryTitle(entry)} moved to ${dayName(date)}, ${SLOT_NAMES[slot].toLowerCase()}`,
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const entry = entries.find((candidate) => candidate._id === active.id);
    const target = over ? parseCellId(String(over.id)) : null;
    if (entry && target) move(entry, target.date, target.slot);
  };

  const titleOf = (id: string) => {
    const entry = entries.find((candidate) => candidate._id === id);
    return entry ? entryTitle(entry) : 'the entry';
  };
  const cellName = (id: string) => {
    const cell = parseCellId(id);
    return cell ? `${dayName(cell.date)}, ${SLOT_NAMES[cell.slot].toLowerCase()}` : 'no meal';
  };

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold">Meal planner</h1>
          <p className="mt-1 text-lg text-ink-soft">
            Week of <span className="font-semibold text-ink">{weekLabel(monday)}</span>
          </p>
        </div>
        <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => goTo(addDays(monday, -7))}>
            <span aria-hidden="true">←</span> Previous week
          </Button>
          <Button variant="secondary" size="sm" onClick={() => goTo(null)} aria-pressed={days.includes(today)}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => goTo(addDays(monday, 7))}>
            Next week <span aria-hidden="true">→</span>
          </Button>
        </nav>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => setDialog({ kind: 'copy' })}>
          Copy this week…
        </Button>
        <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => setDialog({ kind: 'calendar' })}>
          Calendar link
        </Button>
        <Button variant="ghost" size="sm" disabled={readOnly} onClick={() => setDialog({ kind: 'times' })}>
          Meal times
        </Button>
        <Link to="/shopping-list" className={buttonClasses('ghost', 'sm')}>
          Shopping list
        </Link>
      </div>

      <div role="status" className="mt-3 empty:hidden">
        {readOnly && (
          <p className="rounded-xl border border-line bg-cream-deep px-4 py-2 text-sm font-medium">
            You are offline: this is the plan as it was last loaded. Changes wait until you are back online.
          </p>
        )}
      </div>
      <StatusMessage message={message} onDismiss={() => setMessage(null)} className="mt-3" />
      {failure && <ErrorBox className="mt-3">{failure}</ErrorBox>}

      {plan.isLoading ? (
        <div aria-busy="true" aria-label="Loading the week" className="mt-6 grid gap-3">
          {days.map((day) => (
            <Skeleton key={day} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : plan.error && !plan.data ? (
        <ErrorBox className="mt-6">
          {reasonOf(plan.error)}{' '}
          <Button variant="quiet" size="sm" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        </ErrorBox>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={cellCollision}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: plannerAnnouncements(titleOf, cellName),
            screenReaderInstructions: {
              draggable:
                'To move this meal, press Space or Enter to pick it up, the arrow keys to choose another day or meal, and Space or Enter to drop it. Escape cancels.',
            },
          }}
        >
          {/* Phones: one day under another. Desktop: a day per row, its four meals side by side. */}
          <div className="mt-6 grid gap-3">
            {days.map((day) => (
              <section
                key={day}
                aria-labelledby={`day-${day}`}
                className={cn(
                  'min-w-0 rounded-2xl border bg-white p-2 shadow-card lg:grid lg:grid-cols-[9.5rem_minmax(0,1fr)] lg:gap-2',
                  day === today ? 'border-brand-500 ring-1 ring-brand-500' : 'border-line',
                )}
              >
                <h2
                  id={`day-${day}`}
                  className="flex items-center justify-between gap-1 px-1 pb-2 font-semibold lg:flex-col lg:items-start lg:pt-1.5"
                >
                  {dayName(day)}
                  {day === today && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700">Today</span>
                  )}
                </h2>
                <div className="space-y-1.5 lg:grid lg:grid-cols-4 lg:gap-1.5 lg:space-y-0">
                  {MEAL_SLOTS.map((slot) => (
                    <SlotCell
                      key={slot}
                      date={day}
                      slot={slot}
                      entries={entriesIn(entries, day, slot)}
                      readOnly={readOnly}
                      onAdd={() => setDialog({ kind: 'add', date: day, slot })}
                      onOptions={(entry) => setDialog({ kind: 'entry', entry })}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </DndContext>
      )}

      {dialog?.kind === 'add' && (
        <AddEntryDialog
          open
          date={dialog.date}
          slot={dialog.slot}
          onClose={() => setDialog(null)}
          onAdded={setMessage}
        />
      )}
      {dialog?.kind === 'entry' && (
        <EntryMenu
          open
          entry={dialog.entry}
          days={days}
          onClose={() => setDialog(null)}
          onMove={(date, slot) => move(dialog.entry, date, slot)}
          onServings={(servings) =>
            void run(
              updateEntry({ id: dialog.entry._id, changes: { servings }, week }),
              `${entryTitle(dialog.entry)}: servings changed`,
            )
          }
          onRemove={() =>
            void run(deleteEntry({ id: dialog.entry._id, week }), `${entryTitle(dialog.entry)} removed from the plan`)
          }
        />
      )}
      {dialog?.kind === 'copy' && (
        <CopyWeekDialog
          open
          monday={monday}
          onClose={() => setDialog(null)}
          onCopied={(text, to) => {
            goTo(to);
            setMessage(text);
          }}
        />
      )}
      {dialog?.kind === 'calendar' && <CalendarLinkDialog open onClose={() => setDialog(null)} />}
      {dialog?.kind === 'times' && (
        <Suspense fallback={null}>
          <MealTimesDialog open onClose={() => setDialog(null)} onSaved={setMessage} />
        </Suspense>
      )}
    </div>
  );
}
