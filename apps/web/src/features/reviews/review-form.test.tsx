import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { ReviewForm } from './review-form';

describe('ReviewForm', () => {
  it('keeps submit disabled until valid and shows the messages', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderScreen(
      <ReviewForm title="Write a review" submitLabel="Submit review" submitting={false} onSubmit={onSubmit} />,
    );
    const submit = screen.getByRole('button', { name: 'Submit review' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Comment'), 'Lovely');
    expect(await screen.findByText('Rating is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.click(screen.getByLabelText('4 stars'));
    await vi.waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('Rating is required')).not.toBeInTheDocument();

    // Pasted: typing 250 keys one by one takes seconds on a busy machine.
    await user.click(screen.getByLabelText('Comment'));
    await user.paste('x'.repeat(250));
    expect(await screen.findByText('Only 250 characters allowed')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Comment'));
    await user.type(screen.getByLabelText('Comment'), 'Great');
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ rating: 4, comment: 'Great' });
  });

  it('the stars are a radio group: one Tab stop, arrows move one star in reading direction, Space chooses', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderScreen(
      <ReviewForm title="Write a review" submitLabel="Submit review" submitting={false} onSubmit={onSubmit} />,
    );
    const group = screen.getByRole('radiogroup', { name: /^Rating/ });
    const stars = within(group).getAllByRole('radio');
    const checked = () => stars.filter((star) => star.getAttribute('aria-checked') === 'true').map((s) => s.ariaLabel);
    const tabStops = () => stars.filter((star) => star.tabIndex === 0).map((star) => star.ariaLabel);
    expect(stars.map((star) => star.ariaLabel)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(tabStops()).toEqual(['1 star']);

    await user.tab();
    expect(stars[0]).toHaveFocus();
    await user.keyboard(' ');
    expect(checked()).toEqual(['1 star']);
    await user.keyboard('{ArrowRight}');
    expect(checked()).toEqual(['2 stars']);
    expect(stars[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(checked()).toEqual(['4 stars']);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toEqual(['3 stars']);
    await user.keyboard('{ArrowUp}');
    expect(checked()).toEqual(['2 stars']);
    await user.keyboard('{End}');
    expect(checked()).toEqual(['5 stars']);
    await user.keyboard('{ArrowRight}');
    expect(checked()).toEqual(['1 star']);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toEqual(['5 stars']);
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(checked()).toEqual(['3 stars']);
    expect(tabStops()).toEqual(['3 stars']);

    // Tab leaves the group for the comment, and Shift+Tab comes back to the chosen star.
    await user.tab();
    expect(screen.getByLabelText('Comment')).toHaveFocus();
    await user.tab({ shift: true });
    expect(stars[2]).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ rating: 3, comment: '' });
  });

  it('pointing at a star lights every star up to it; leaving shows the chosen rating again', async () => {
    const user = userEvent.setup();
    renderScreen(
      <ReviewForm
        title="Update your review"
        submitLabel="Update review"
        submitting={false}
        defaultValues={{ rating: 2 }}
        onSubmit={vi.fn()}
      />,
    );
    const stars = screen.getAllByRole('radio');
    const lit = () => stars.filter((star) => star.dataset.lit === 'true').length;
    expect(lit()).toBe(2);
    await user.hover(stars[3]!);
    expect(stars.map((star) => star.dataset.lit)).toEqual(['true', 'true', 'true', 'true', 'false']);
    await user.unhover(screen.getByRole('radiogroup'));
    expect(lit()).toBe(2);
  });
});
