import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeUser } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { LoginPage } from './login-page';

const user1 = makeUser({ name: 'Ada' });

describe('LoginPage', () => {
  it('shows the validation messages under their fields', async () => {
    mockFetch(() => ok(null));
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAccessibleDescription('Password is required');

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
  });

  it('logs in, stores the user and goes to /', async () => {
    const fetchMock = mockFetch(() => ok({ user: user1 }));
    const user = userEvent.setup();
    const { store, router } = renderScreen(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(location(router)).toBe('/'));
    // In place of the log-in screen's history entry: Back never shows the form to someone logged in.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toBeNull();
    expect(store.getState().auth).toEqual({ isLoggedIn: true, user: user1, loading: false });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: '{"email":"ada@example.com","password":"secret"}',
    });
  });

  it('logged in from an action, returns to its page and asks it to finish the action', async () => {
    mockFetch(() => ok({ user: user1 }));
    const user = userEvent.setup();
    const { router } = renderScreen(<LoginPage />, {
      path: '/login',
      url: '/login?next=%2Fview-recipe%2Fr1&action=save',
    });
    expect(screen.getByText('Log in to save this recipe. You will be right back on it.')).toBeInTheDocument();
    // A sign-up instead returns to the same page.
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fview-recipe%2Fr1&action=save',
    );
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(location(router)).toBe('/view-recipe/r1'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ afterLogin: 'save' });
  });

  it.each([
    ['another site', '//evil.example/steal'],
    ['an absolute address', 'https://evil.example/'],
    ['a backslash trick', '/\\evil.example'],
    ['the log-in page itself', '/login'],
  ])('returns to / when next is %s', async (_name, next) => {
    mockFetch(() => ok({ user: user1 }));
    const user = userEvent.setup();
    const { router } = renderScreen(<LoginPage />, {
      path: '/login',
      url: `/login?next=${encodeURIComponent(next)}&action=save`,
    });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(location(router)).toBe('/'));
    expect(router.state.location.state).toBeNull();
  });

  it('sends a user who is already logged in on, without the form and without the action', async () => {
    mockFetch(() => ok(null));
    // A store that is logged in before the log-in screen opens.
    const blank = renderScreen(<p>blank</p>);
    const { store } = blank;
    logIn(store, user1);
    blank.unmount();
    const plain = renderScreen(<LoginPage />, { path: '/login', store });
    await vi.waitFor(() => expect(location(plain.router)).toBe('/'));
    expect(plain.router.state.historyAction).toBe('REPLACE');
    plain.unmount();

    const fromAction = renderScreen(<LoginPage />, {
      path: '/login',
      url: '/login?next=%2Fview-recipe%2Fr1&action=save',
      store,
    });
    await vi.waitFor(() => expect(location(fromAction.router)).toBe('/view-recipe/r1'));
    expect(fromAction.router.state.location.state).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it("shows the server's reason in a red box", async () => {
    allowConsoleError();
    mockFetch(() => fail(401, 'Invalid email or password'));
    const user = userEvent.setup();
    renderScreen(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Invalid email or password');
  });

  it('copies a demo credential and shows a tick for one second', async () => {
    mockFetch(() => ok(null));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Copy email' }));
    expect(writeText).toHaveBeenCalledWith('demo@forkful.dev');
    expect(await screen.findByTestId('copied-tick')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByTestId('copied-tick')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('copied-tick')).not.toBeInTheDocument();

    // A second copy while the tick shows starts its second again. After each click, the copy's promise settles
    // and the tick's timer starts before any time passes.
    await user.click(screen.getByRole('button', { name: 'Copy email' }));
    await act(() => Promise.resolve());
    await act(() => vi.advanceTimersByTimeAsync(600));
    await user.click(screen.getByRole('button', { name: 'Email copied' }));
    await act(() => Promise.resolve());
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByTestId('copied-tick')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('copied-tick')).not.toBeInTheDocument();
  });

  it('links to /signup', () => {
    mockFetch(() => ok(null));
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });
});
