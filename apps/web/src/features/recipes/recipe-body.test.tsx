import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeIngredient, makeRecipe } from '@/test/factories';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { loadPresenter } from './scaling/use-presenter';
import { ViewRecipePage } from './view-recipe-page';

// The converter and cook mode are chunks of their own that the page fetches after its first paint (or on first use);
// here they are in memory first, so each step below sees its result at once. use-presenter.test.tsx covers the wait.
beforeAll(async () => {
  await loadPresenter();
  await import('./cook-mode/cook-mode');
});

const pancakes = makeRecipe({
  _id: 'r1',
  title: 'Pancakes',
  servings: 4,
  yieldText: '12 pancakes',
  ingredients: ['For the batter:', '1 1/2 cups flour', '2 tbsp butter', '1 cup milk', 'salt to taste'],
  ingredientDetails: [
    makeIngredient({ text: 'For the batter:', isHeading: true }),
    makeIngredient({ text: '1 1/2 cups flour', quantity: 1.5, unit: 'cup', food: 'flour' }),
    makeIngredient({ text: '2 tbsp butter', quantity: 2, unit: 'tbsp', food: 'butter' }),
    makeIngredient({ text: '1 cup milk', quantity: 1, unit: 'cup', food: 'milk' }),
    makeIngredient({ text: 'salt to taste', food: 'salt', note: 'to taste' }),
  ],
  steps: ['Heat the oven to 350°F.', 'Mix everything.', 'To serve:', 'Bake for 20 minutes.'],
});

function renderPage(recipe = pancakes, url = '/view-recipe/r1') {
  // The memory router does not move the browser's address, which the page writes its choices into.
  window.history.replaceState(null, '', url);
  mockFetch((request) => (request.pathname.endsWith('/view-recipe') ? ok(recipe) : ok({ isSaved: false })));
  return renderScreen(<ViewRecipePage renderReviews={() => <p>reviews here</p>} />, {
    path: '/view-recipe/:recipeId',
    url,
  });
}

const ingredientLines = () =>
  within(screen.getByRole('region', { name: 'Ingredients' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('scaling on the recipe page', () => {
  it('shows the lines as written, in their sections, until the reader changes something', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 3, name: 'For the batter' })).toBeInTheDocument();
    expect(ingredientLines()).toEqual(['1 1/2 cups flour', '2 tbsp butter', '1 cup milk', 'salt to taste']);
    expect(screen.getByRole('group', { name: 'Servings' })).toHaveTextContent('4 servings');
    expect(screen.getByText('Makes 12 pancakes (as written)')).toBeInTheDocument();
    // The ingredient count leaves the heading out; steps are numbered without theirs.
    expect(screen.getByText('Ingredients', { selector: 'dt' }).nextSibling).toHaveTextContent('4');
    const steps = within(screen.getByRole('region', { name: 'Steps' }));
    expect(steps.getByRole('heading', { level: 3, name: 'To serve' })).toBeInTheDocument();
    expect(steps.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      '1Heat the oven to 350°F.',
      '2Mix everything.',
      '3Bake for 20 minutes.',
    ]);
  });

  it('scales every quantity with the stepper and the shortcuts, and keeps the servings in the address', async () => {
    renderPage();
    const user = userEvent.setup();
    const servings = await screen.findByRole('group', { name: 'Servings' });
    await user.click(within(servings).getByRole('button', { name: /×2/ }));
    expect(within(servings).getByRole('status')).toHaveTextContent('8 servings');
    expect(ingredientLines()).toEqual(['3 cups flour', '4 tbsp butter', '2 cups milk', 'salt to taste']);
    expect(window.location.search).toBe('?servings=8');
    expect(within(servings).getByRole('button', { name: /×2/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(servings).getByRole('button', { name: 'Fewer servings' }));
    expect(ingredientLines()[0]).toBe('2 ⅔ cups flour');
    await user.click(within(servings).getByRole('button', { name: /×½/ }));
    expect(ingredientLines()).toEqual(['¾ cup flour', '1 tbsp butter', '½ cup milk', 'salt to taste']);
    expect(window.location.search).toBe('?servings=2');

    expect(screen.getByText(/Quantities scaled from 4 servings/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as written' }));
    expect(ingredientLines()[0]).toBe('1 1/2 cups flour');
    expect(window.location.search).toBe('');
  });

  it('starts from the servings in the address (a reload)', async () => {
    renderPage(pancakes, '/view-recipe/r1?servings=8');
    expect(await screen.findByRole('group', { name: 'Servings' })).toHaveTextContent('8 servings');
    expect(ingredientLines()[0]).toBe('3 cups flour');
  });

  it('offers factors for a recipe without a servings count', async () => {
    renderPage({ ...pancakes, servings: null }, '/view-recipe/r1?scale=3');
    const scale = await screen.findByRole('group', { name: 'Scale' });
    expect(within(scale).getByRole('button', { name: /×3/ })).toHaveAttribute('aria-pressed', 'true');
    expect(ingredientLines()[0]).toBe('4 ½ cups flour');
    await userEvent.setup().click(within(scale).getByRole('button', { name: /×1/ }));
    expect(ingredientLines()[0]).toBe('1 1/2 cups flour');
  });

  it('switches to metric and remembers the choice', async () => {
    const view = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Metric' }));
    expect(ingredientLines()).toEqual(['190 g flour', '2 tbsp butter', '240 ml milk', 'salt to taste']);
    expect(screen.getByText('Heat the oven to 180°C.')).toBeInTheDocument();
    expect(localStorage.getItem('forkful-units')).toBe('metric');
    view.unmount();

    renderPage();
    expect(await screen.findByRole('radio', { name: 'Metric' })).toBeChecked();
    expect(ingredientLines()[0]).toBe('190 g flour');
  });
});

describe('cook mode', () => {
  it('walks the steps with the arrow keys and the buttons, keeps the step in the address, ticks ingredients', async () => {
    renderPage(pancakes, '/view-recipe/r1?servings=8');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cook mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pancakes' });
    expect(within(dialog).getByText('Cook mode · 8 servings')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Step 1 of 3' })).toBeInTheDocument();
    expect(within(dialog).getByText('Heat the oven to 350°F.')).toBeInTheDocument();
    expect(window.location.search).toBe('?servings=8&cook=1');
    expect(document.documentElement.style.overflow).toBe('hidden');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('heading', { name: 'Step 2 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('heading', { name: 'Step 3 of 3 · To serve' })).toBeInTheDocument();
    expect(window.location.search).toBe('?servings=8&cook=3');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('heading', { name: 'Step 3 of 3 · To serve' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByRole('heading', { name: 'Step 2 of 3' })).toBeInTheDocument();

    const flour = within(dialog).getByRole('checkbox', { name: '3 cups flour' });
    await user.click(flour);
    expect(flour).toBeChecked();
    expect(within(dialog).getByText('1 of 4 ticked')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Exit cook mode' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.search).toBe('?servings=8');
    expect(screen.getByRole('button', { name: 'Cook mode' })).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('reopens at the step in the address with the ticks kept, and says when the screen cannot stay on', async () => {
    sessionStorage.setItem('forkful-cook-ticks:r1', '[2]');
    renderPage(pancakes, '/view-recipe/r1?cook=2');
    const dialog = await screen.findByRole('dialog', { name: 'Pancakes' });
    expect(within(dialog).getByRole('heading', { name: 'Step 2 of 3' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: '2 tbsp butter' })).toBeChecked();
    // jsdom, like Firefox, has no Screen Wake Lock.
    expect(within(dialog).getByText(/This browser cannot keep the screen on/)).toBeInTheDocument();
  });

  it('keeps the screen on where the browser can', async () => {
    const release = vi.fn(async () => undefined);
    const request = vi.fn(async () => ({ released: false, release }));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { wakeLock: { request } }));
    const view = renderPage(pancakes, '/view-recipe/r1?cook=1');
    const dialog = await screen.findByRole('dialog', { name: 'Pancakes' });
    expect(await within(dialog).findByText('The screen stays on while cook mode is open.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('screen');
    view.unmount();
    expect(release).toHaveBeenCalled();
  });
});
