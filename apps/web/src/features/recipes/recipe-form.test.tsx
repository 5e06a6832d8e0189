import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { RecipeForm } from './recipe-form';
import { emptyRecipeForm } from './recipe-form-schema';

function renderForm(mode: 'create' | 'edit' = 'create') {
  const onSubmit = vi.fn();
  renderScreen(
    <RecipeForm
      mode={mode}
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
});
