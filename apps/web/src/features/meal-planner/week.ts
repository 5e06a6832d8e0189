import { addDays, isCalendarDate, MEAL_SLOTS, mondayOf, type MealPlanEntry, type MealSlot } from '@forkful/contracts';
import { formatPlanDate, todayIso } from '@/lib/local-date';

export const SLOT_NAMES: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};

/** The week the address names (?week=YYYY-MM-DD, any day of it), or this week. Weeks start on Monday. */
export function weekFromParam(param: string | null, today = todayIso()): string {
  return mondayOf(param && isCalendarDate(param) ? param : today);
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

export const dayName = (date: string) => formatPlanDate(date, { weekday: 'long', day: 'numeric', month: 'short' });
export const shortDay = (date: string) => formatPlanDate(date, { weekday: 'short', day: 'numeric', month: 'short' });

export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  return `${formatPlanDate(monday, { day: 'numeric', month: 'short' })} – ${formatPlanDate(sunday, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })}`;
}

/** A cell of the week: one day's one slot. Its id is what drag and drop names as a drop target. */
export const cellId = (date: string, slot: MealSlot) => `${date}|${slot}`;
export function parseCellId(id: string): { date: string; slot: MealSlot } | null {
  const [date, slot] = id.split('|');
  if (!date || !isCalendarDate(date) || !MEAL_SLOTS.includes(slot as MealSlot)) return null;
  return { date, slot: slot as MealSlot };
}

/** The entries of one cell, in their order. */
export function entriesIn(entries: readonly MealPlanEntry[], date: string, slot: MealSlot): MealPlanEntry[] {
  return entries.filter((entry) => entry.date === date && entry.slot === slot).sort((a, b) => a.position - b.position);
}

/** What an entry is called on screen. */
export function entryTitle(entry: MealPlanEntry): string {
  return entry.recipe?.title ?? entry.title ?? 'Untitled';
}
