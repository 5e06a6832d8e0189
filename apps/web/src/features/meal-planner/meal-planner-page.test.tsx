import { mealPlanMessages, type MealPlanEntry } from '@forkful/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMealPlanEntry, makeRecipeCard } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { MealPlannerPage } from './meal-planner-page';

const WEEK = '2026-11-23'; // a Monday

/** The server's plan, changed by the calls the page sends. */
function servePlan(initial: MealPlanEntry[]) {
  let entries = [...initial];
  const calls: string[] = [];
  mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push(`${method} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (url.pathname === '/api/v1/meal-plan' && method === 'GET') {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      return ok({ from, to, entries: entries.filter((entry) => entry.date >= from && entry.date <= to) });
    }
    if (url.pathname === '/api/v1/meal-plan' && method === 'POST') {
      const recipe = body.recipeId ? makeRecipeCard({ _id: String(body.recipeId), title: 'Shakshuka' }) : null;
      const entry = makeMealPlanEntry({
        _id: `e${entries.length + 10}`,
        date: String(body.date),
        slot: body.slot as MealPlanEntry['slot'],
        recipe,
        title: recipe ? null : String(body.title),
        servings: (body.servings as number | null | undefined) ?? null,
        recipeServings: recipe ? 2 : null,
      });
      entries = [...entries, entry];
      return ok(entry, 201);
    }
    const match = /^\/api\/v1\/meal-plan\/(e\d+)$/.exec(url.pathname);
    if (match && method === 'PATCH') {
      entries = entries.map((entry) => (entry._id === match[1] ? { ...entry, ...body } : entry));
      return ok(entries.find((entry) => entry._id === match[1]));
    }
    if (match && method === 'DELETE') {
      entries = entries.filter((entry) => entry._id !== match[1]);
      return ok({ _id: match[1] });
    }
    if (url.pathname === '/api/v1/recipes/search') return ok({ recipes: [{ _id: 'r7', title: 'Shakshuka' }] });
    if (url.pathname === '/api/v1/recipes/saved-recipes') return ok({ recipes: [] });
    return fail(404, 'Not found');
  });
  return { calls };
}

function renderPlanner(url = `/meal-planner?week=${WEEK}`) {
  const view = renderScreen(<MealPlannerPage />, { path: '/meal-planner', url });
  logIn(view.store);
  return view;
}

// The week is a big screen (28 slots), and role queries over it are slow in jsdom on a loaded machine.
describe('MealPlannerPage', { timeout: 30_000 }, () => {
  it('shows the week Monday first with four slots a day, and its entries: recipes with servings, notes, gone recipes', async () => {
    const { calls } = servePlan([
      makeMealPlanEntry({ _id: 'e1', date: '2026-11-25', slot: 'dinner', servings: 6 }),
      makeMealPlanEntry({
        _id: 'e2',
        date: '2026-11-25',
        slot: 'lunch',
        recipe: null,
        title: 'Leftovers',
        recipeServings: null,
      }),
      makeMealPlanEntry({
        _id: 'e3',
        date: '2026-11-29',
        slot: 'breakfast',
        recipe: null,
        title: 'Old pancakes',
        unavailable: true,
      }),
    ]);
    renderPlanner();
    const days = await screen.findAllByRole('region');
    expect(days.map((day) => within(day).getByRole('heading', { level: 2 }).textContent)).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName(/Monday/);
    expect(days[6]).toHaveAccessibleName(/Sunday/);
    expect(
      within(days[0]!)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Breakfast', 'Lunch', 'Dinner', 'Snack']);
    expect(calls[0]).toBe('GET /api/v1/meal-plan?from=2026-11-23&to=2026-11-29');

    const wednesday = days[2]!;
    expect(within(wednesday).getByRole('link', { name: 'Tomato soup' })).toHaveAttribute('href', '/view-recipe/r1');
    expect(within(wednesday).getByText('6 servings')).toBeInTheDocument();
    expect(within(wednesday).getByText('Leftovers')).toBeInTheDocument();
    expect(within(days[6]!).getByText('(no longer available)')).toBeInTheDocument();
  });

  it('goes to the previous and next week, and back to this week', async () => {
    const { calls } = servePlan([]);
    const { router } = renderPlanner();
    await screen.findAllByRole('region');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Next week/ }));
    expect(location(router)).toBe('/meal-planner?week=2026-11-30');
    await screen.findByText(/Nov 30|30 Nov/, { selector: 'span' });
    await user.click(screen.getByRole('button', { name: /Previous week/ }));
    await user.click(screen.getByRole('button', { name: /Previous week/ }));
    expect(location(router)).toBe('/meal-planner?week=2026-11-16');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(location(router)).toBe('/meal-planner');
    expect(calls).toContain('GET /api/v1/meal-plan?from=2026-11-30&to=2026-12-06');
    expect(calls).toContain('GET /api/v1/meal-plan?from=2026-11-16&to=2026-11-22');
  });

  it('plans a recipe found by title at chosen servings, and a note', async () => {
    const { calls } = servePlan([]);
    renderPlanner();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Add to Tuesday.*dinner$/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Servings/ }), '3');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Recipe title' }), 'shak');
    await user.click(await within(dialog).findByRole('button', { name: 'Shakshuka' }));
    expect(calls).toContain(
      'POST /api/v1/meal-plan {"date":"2026-11-24","slot":"dinner","recipeId":"r7","servings":3}',
    );
    const tuesday = screen.getAllByRole('region')[1]!;
    expect(await within(tuesday).findByRole('link', { name: 'Shakshuka' })).toBeInTheDocument();
    expect(within(tuesday).getByText('3 servings')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Add to Friday.*lunch$/ }));
    await user.click(screen.getByRole('tab', { name: 'Note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Eat out{Enter}');
    expect(calls).toContain('POST /api/v1/meal-plan {"date":"2026-11-27","slot":"lunch","title":"Eat out"}');
    expect(await within(screen.getAllByRole('region')[4]!).findByText('Eat out')).toBeInTheDocument();
  });

  it("moves an entry to another day and meal with its menu (the phone's way), and removes one", async () => {
    const { calls } = servePlan([
      makeMealPlanEntry({ _id: 'e1', date: '2026-11-23', slot: 'dinner' }),
      makeMealPlanEntry({
        _id: 'e2',
        date: '2026-11-24',
        slot: 'lunch',
        recipe: null,
        title: 'Leftovers',
        recipeServings: null,
      }),
    ]);
    renderPlanner();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Options for Tomato soup' }));
    const menu = screen.getByRole('dialog', { name: 'Tomato soup' });
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Day' }), '2026-11-26');
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Meal' }), 'lunch');
    await user.click(within(menu).getByRole('button', { name: 'Save' }));
    expect(calls).toContain('PATCH /api/v1/meal-plan/e1 {"date":"2026-11-26","slot":"lunch"}');
    const thursday = screen.getAllByRole('region')[3]!;
    expect(await within(thursday).findByRole('list', { name: /Thursday.*lunch/ })).toHaveTextContent('Tomato soup');
    expect(within(screen.getAllByRole('region')[0]!).queryByText('Tomato soup')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Options for Leftovers' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Leftovers' })).getByRole('button', { name: 'Remove' }));
    expect(calls).toContain('DELETE /api/v1/meal-plan/e2');
    expect(await screen.findByText('Leftovers removed from the plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Options for Leftovers' })).not.toBeInTheDocument();
  });

  it('a menu with servings out of range says so and sends nothing, not even its move', async () => {
    const { calls } = servePlan([makeMealPlanEntry({ _id: 'e1', date: '2026-11-23', slot: 'dinner' })]);
    renderPlanner();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Options for Tomato soup' }));
    const menu = screen.getByRole('dialog', { name: 'Tomato soup' });
    await user.selectOptions(within(menu).getByRole('combobox', { name: 'Day' }), '2026-11-26');
    const servings = within(menu).getByRole('spinbutton', { name: /Servings/ });
    await user.type(servings, '0');
    await user.click(within(menu).getByRole('button', { name: 'Save' }));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    expect(within(menu).getByText(mealPlanMessages.servingsInvalid)).toBeInTheDocument();
    expect(servings).toHaveAttribute('aria-invalid', 'true');

    await user.clear(servings);
    await user.type(servings, '5');
    await user.click(within(menu).getByRole('button', { name: 'Save' }));
    expect(calls).toContain('PATCH /api/v1/meal-plan/e1 {"date":"2026-11-26","slot":"dinner"}');
    expect(calls).toContain('PATCH /api/v1/meal-plan/e1 {"servings":5}');
  });

  it('offers drag handles that the keyboard can pick up', async () => {
    servePlan([makeMealPlanEntry({ _id: 'e1', date: '2026-11-23', slot: 'dinner' })]);
    renderPlanner();
    const handle = await screen.findByRole('button', { name: 'Move Tomato soup' });
    expect(handle).toHaveAttribute('aria-roledescription', 'draggable');
    expect(handle).toHaveAttribute('tabindex', '0');
  });
});
