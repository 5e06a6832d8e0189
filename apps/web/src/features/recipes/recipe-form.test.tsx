import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { RecipeForm } from './recipe-form';
import { emptyRecipeForm } from './recipe-form-schema';

function renderForm(mode: 'create' | 'edit' = 'create', published?: boolean) {
  const onSubmit = vi.fn();
  renderScreen(
    <RecipeForm
      mode={mode}
      published={published}
      defaultValues={emptyRecipeForm}
      submitting={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('RecipeForm', () => {
  it('marks required fields with a red asterisk', () => {
    renderForm();
    for (const label of [/^Title/, /^Cooking time/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getAllByText('*').length).toBeGreaterThanOrEqual(4);
  });

  it('shows every required message when submitted empty', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Recipe title is required')).toBeInTheDocument();
    expect(screen.getByText('Cooking time is required')).toBeInTheDocument();
    expect(screen.getByText('Ingredients cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Steps cannot be empty')).toBeInTheDocument();
    expect(screen.getByLabelText('Ingredient 1')).toHaveAccessibleDescription('Ingredients cannot be empty');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the title characters and the cooking time', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Title/), 'Pasta!');
    await user.type(screen.getByLabelText(/^Cooking time/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Only (a-z, A-Z, 0-9,-, /) characters are allowed in recipe title'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter valid cooking time in minutes (e.g. 25)')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Cooking time/));
    await user.type(screen.getByLabelText(/^Cooking time/), '-5');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Cooking time cannot be less than 0')).toBeInTheDocument();
  });

  it('adds and removes rows; the first row cannot be removed', async () => {
    const { user } = renderForm();
    expect(screen.queryByRole('button', { name: 'Remove ingredient 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add ingredient' }));
    expect(screen.getByLabelText('Ingredient 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove ingredient 2' }));
    expect(screen.queryByLabelText('Ingredient 2')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(screen.getByRole('button', { name: 'Remove step 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove step 1' })).not.toBeInTheDocument();
  });

  it('Publish submits isPublished true and Save Draft false, with clean values', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText(/^Title/), 'Tomato soup');
    await user.type(screen.getByLabelText(/^Cooking time/), '25');
    await user.type(screen.getByLabelText('Ingredient 1'), 'Tomatoes');
    await user.type(screen.getByLabelText('Step 1'), 'Simmer');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenLastCalledWith(
      {
        title: 'Tomato soup',
        introduction: '',
        cookingTime: 25,
        servings: null,
        yieldText: null,
        ingredients: [{ value: 'Tomatoes' }],
        steps: [{ value: 'Simmer' }],
      },
      false,
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![1]).toBe(true);
  });

  it("on edit an empty ingredient says 'Ingredient cannot be empty'", async () => {
    const { user } = renderForm('edit');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ingredient cannot be empty')).toBeInTheDocument();
  });

  it('shows the title and introduction limits while typing, tied to their fields', async () => {
    const { user } = renderForm();
    const title = screen.getByLabelText(/^Title/);
    expect(title).toHaveAccessibleDescription('0/100 characters');
    await user.type(title, 'Tomato soup');
    expect(title).toHaveAccessibleDescription('11/100 characters');
    await user.type(title, ' with basil'.repeat(9));
    expect(screen.getByText(/^110\/100/)).toHaveTextContent('110/100 characters · 10 too many');

    // A long introduction counts only once it comes near its limit.
    const introduction = screen.getByLabelText(/^Introduction/);
    expect(screen.queryByText(/\/2000/)).not.toBeInTheDocument();
    await user.click(introduction);
    await user.paste('a'.repeat(1850));
    expect(introduction).toHaveAccessibleDescription('A line or two: what makes it good? 1850/2000 characters');
  });

  it('an ingredient or step near its 1000-character limit counts its characters', async () => {
    const { user } = renderForm();
    const step = screen.getByLabelText('Step 1');
    await user.click(step);
    await user.paste('a'.repeat(899));
    expect(step).not.toHaveAccessibleDescription();
    await user.paste('a'.repeat(120));
    expect(step).toHaveAccessibleDescription('1019/1000 characters · 19 too many');
  });

  it('takes an optional servings count (1 to 100) and a yield as written', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText(/^Title/), 'Crackers');
    await user.type(screen.getByLabelText(/^Cooking time/), '40');
    await user.type(screen.getByLabelText('Ingredient 1'), '2 cups flour');
    await user.type(screen.getByLabelText('Step 1'), 'Bake');
    const servings = screen.getByLabelText(/^Servings/);
    expect(servings).not.toHaveAttribute('aria-required');
    expect(servings).toHaveAccessibleDescription('1 to 100; lets readers scale it');
    for (const wrong of ['0', '101', '2.5', 'four']) {
      await user.clear(servings);
      await user.type(servings, wrong);
      await user.click(screen.getByRole('button', { name: 'Publish' }));
      expect(await screen.findByText('Servings must be a whole number from 1 to 100')).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(servings);
    await user.type(servings, '8');
    await user.type(screen.getByLabelText(/^Yield/), '  5 cups (about 120 crackers) ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ servings: 8, yieldText: '5 cups (about 120 crackers)' });
  });

  it('a yield over 100 characters is refused with its counter shown', async () => {
    const { user } = renderForm();
    const yieldField = screen.getByLabelText(/^Yield/);
    await user.click(yieldField);
    await user.paste('a'.repeat(101));
    expect(yieldField).toHaveAccessibleDescription('As you would say it 101/100 characters · 1 too many');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Yield should be at most 100 characters')).toBeInTheDocument();
  });

  it('says how long a cooking time may be before the form is sent', () => {
    renderForm();
    expect(screen.getByLabelText(/^Cooking time/)).toHaveAccessibleDescription('Up to 10,080 minutes (7 days)');
  });

  it('on edit of a draft, says before Save that Save publishes it and Save Draft keeps it private', () => {
    renderForm('edit', false);
    expect(screen.getByText('Draft')).toBeInTheDocument();
    const note = 'Only you can see this draft. Save publishes it for everyone; Save Draft keeps it private.';
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(note);
    expect(screen.getByRole('button', { name: 'Save Draft' })).toHaveAccessibleDescription(note);
  });

  it('on edit of a published recipe, says that Save Draft takes it off the site', () => {
    renderForm('edit', true);
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Draft' })).toHaveAccessibleDescription(
      'Everyone can see this recipe. Save keeps it published; Save Draft takes it off the site, so only you can see it.',
    );
  });

  it('on create, says nothing about publishing beside the buttons', () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Publish' })).not.toHaveAccessibleDescription();
  });

  it('an ingredient row is one line that wraps its text: Enter adds no line break', async () => {
    const { user } = renderForm();
    const ingredient = screen.getByLabelText('Ingredient 1');
    await user.type(ingredient, '800 g potatoes{Enter}halved');
    expect(ingredient).toHaveValue('800 g potatoeshalved');
  });
});
