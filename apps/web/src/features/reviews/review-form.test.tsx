import { screen } from '@testing-library/react';
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
});
