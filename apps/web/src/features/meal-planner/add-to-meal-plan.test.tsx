import { mealPlanMessages } from '@forkful/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMealPlanEntry, makeRecipe } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { AddToMealPlan } from './add-to-meal-plan';

describe('AddToMealPlan (recipe page)', () => {
  it('plans the recipe on the day and meal chosen at the servings typed, and refuses servings out of range', async () => {
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/v1/meal-plan' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return ok(makeMealPlanEntry(), 201);
      }
      return fail(404, 'Not found');
    });
    const recipe = makeRecipe({ _id: 'r1', title: 'Tomato soup', servings: 4 });
    const view = renderScreen(<AddToMealPlan recipe={recipe} />);
    logIn(view.store);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add to meal plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to meal plan' });
    const servings = within(dialog).getByRole('spinbutton', { name: 'Servings' });
    expect(servings).toHaveValue(4);
    const day = within(dialog).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-11-25');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Meal' }), 'lunch');
    await user.clear(servings);
    await user.type(servings, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Add to plan' }));
    expect(within(dialog).getByText(mealPlanMessages.servingsInvalid)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(servings);
    await user.type(servings, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add to plan' }));
    expect(await screen.findByText(/^Planned for Wednesday.*lunch\./)).toBeInTheDocument();
    expect(bodies).toEqual([{ date: '2026-11-25', slot: 'lunch', recipeId: 'r1', servings: 2 }]);
  });
});
