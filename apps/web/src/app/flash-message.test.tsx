import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { flashed } from '@/lib/flash';
import { mockFetch, ok } from '@/test/fetch-mock';
import { makeRecipeList } from '@/test/factories';
import { AppRoutes } from './router';
import { createStore } from './store';

describe('a message left for the landing page', () => {
  it("'Account deleted successfully' shows on the landing page in a live region, once", async () => {
    mockFetch(() => ok(makeRecipeList()));
    // The message's code is a chunk the landing page loads only when a message waits; loaded here first, so the
    // test waits for the message, not for the test runner to compile that module.
    await import('./flash-message');
    const store = createStore();
    store.dispatch(flashed('Account deleted successfully'));
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    );
    const message = await screen.findByText('Account deleted successfully');
    expect(message.closest('[role="status"]')).not.toBeNull();
    // Taken: a later visit of the landing page does not say it again.
    expect(store.getState().flash.message).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Account deleted successfully')).not.toBeInTheDocument();
  });

  it('the landing page without a message has no message box', async () => {
    mockFetch(() => ok(makeRecipeList()));
    render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });
});
