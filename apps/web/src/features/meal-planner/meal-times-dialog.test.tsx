import { DEFAULT_EVENT_MINUTES, DEFAULT_SLOT_TIMES, mealPlanMessages, type MealPlanSettings } from '@forkful/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { MealPlannerPage } from './meal-planner-page';

/** The server's settings, changed by PATCH as the route does (only the fields sent). */
function serveSettings({ refuse }: { refuse?: string } = {}) {
  let settings: MealPlanSettings = { slotTimes: { ...DEFAULT_SLOT_TIMES }, eventMinutes: DEFAULT_EVENT_MINUTES };
  const patches: unknown[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/meal-plan' && method === 'GET')
      return ok({ from: url.searchParams.get('from'), to: url.searchParams.get('to'), entries: [] });
    if (url.pathname === '/api/v1/meal-plan/settings' && method === 'GET') return ok(settings);
    if (url.pathname === '/api/v1/meal-plan/settings' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as Partial<MealPlanSettings>;
      patches.push(body);
      if (refuse) return fail(400, refuse);
      settings = {
        slotTimes: { ...settings.slotTimes, ...body.slotTimes },
        eventMinutes: body.eventMinutes ?? settings.eventMinutes,
      };
      return ok(settings);
    }
    return fail(404, 'Not found');
  });
  return { patches, current: () => settings };
}

async function openMealTimes() {
  const view = renderScreen(<MealPlannerPage />, { path: '/meal-planner', url: '/meal-planner?week=2026-11-23' });
  logIn(view.store);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Meal times' }));
  const dialog = await screen.findByRole('dialog', { name: 'Meal times' });
  return { user, dialog };
}

describe('Meal times (the calendar feed’s slot times)', { timeout: 30_000 }, () => {
  it('shows the saved times and saves changed ones', async () => {
    const server = serveSettings();
    const { user, dialog } = await openMealTimes();
    const dinner = await within(dialog).findByLabelText('Dinner');
    expect(dinner).toHaveValue('18:30');
    expect(within(dialog).getByLabelText('Breakfast')).toHaveValue('08:00');
    expect(within(dialog).getByLabelText('Lunch')).toHaveValue('12:30');
    expect(within(dialog).getByLabelText('Snack')).toHaveValue('16:00');
    expect(within(dialog).getByRole('spinbutton', { name: 'Length of each meal (minutes)' })).toHaveValue(30);

    await user.clear(dinner);
    await user.type(dinner, '19:15');
    const length = within(dialog).getByRole('spinbutton', { name: 'Length of each meal (minutes)' });
    await user.clear(length);
    await user.type(length, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save times' }));

    expect(await screen.findByText(/^Meal times saved/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.patches).toEqual([
      { slotTimes: { breakfast: '08:00', lunch: '12:30', dinner: '19:15', snack: '16:00' }, eventMinutes: 45 },
    ]);
    expect(server.current().slotTimes.dinner).toBe('19:15');

    // Opened again, it shows what was saved.
    await user.click(screen.getByRole('button', { name: 'Meal times' }));
    const again = await screen.findByRole('dialog', { name: 'Meal times' });
    expect(await within(again).findByLabelText('Dinner')).toHaveValue('19:15');
  });

  it('says what is wrong with a missing time or a length out of range, and sends nothing', async () => {
    const server = serveSettings();
    const { user, dialog } = await openMealTimes();
    const lunch = await within(dialog).findByLabelText('Lunch');
    await user.clear(lunch);
    const length = within(dialog).getByRole('spinbutton', { name: 'Length of each meal (minutes)' });
    await user.clear(length);
    await user.type(length, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save times' }));

    expect(await within(dialog).findByText(mealPlanMessages.timeInvalid)).toBeInTheDocument();
    expect(lunch).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(mealPlanMessages.durationInvalid)).toBeInTheDocument();
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(server.patches).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Meal times' })).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the change, and stays open", async () => {
    allowConsoleError(); // the transport logs the failed call
    serveSettings({ refuse: mealPlanMessages.timeInvalid });
    const { user, dialog } = await openMealTimes();
    await within(dialog).findByLabelText('Dinner');
    await user.click(within(dialog).getByRole('button', { name: 'Save times' }));
    expect(await within(dialog).findByText(mealPlanMessages.timeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Meal times' })).toBeInTheDocument();
  });
});
