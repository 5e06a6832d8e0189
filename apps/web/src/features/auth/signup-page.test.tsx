import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/factories';
import { mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { imageFile, mockUploads, UPLOAD_LIMITS_URL, withUploadLimit } from '@/test/upload-mock';
import { SignupPage } from './signup-page';

const user1 = makeUser({ name: 'Ada' });

describe('SignupPage', () => {
  it('shows the validation messages under their fields', async () => {
    mockFetch(() => ok(null));
    const user = userEvent.setup();
    renderScreen(<SignupPage />, { path: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findByText('Password should be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Name is required').closest('div')).toContainElement(screen.getByLabelText(/^Name/));
  });

  it('registers, then logs in with the same email and password, then goes to /', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname.endsWith('/register') ? ok({ user: user1 }, 201) : ok({ user: user1 }),
    );
    const user = userEvent.setup();
    const { router, store } = renderScreen(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    await vi.waitFor(() => expect(location(router)).toBe('/'));
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual(['/api/v1/users/register', '/api/v1/users/login']);
    expect(fetchMock.mock.calls[0]![1]!.body).toBeInstanceOf(FormData);
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });

  it('signed up from an action, returns to its page and asks it to finish the action', async () => {
    mockFetch((url) => (url.pathname.endsWith('/register') ? ok({ user: user1 }, 201) : ok({ user: user1 })));
    const user = userEvent.setup();
    const { router } = renderScreen(<SignupPage />, {
      path: '/signup',
      url: '/signup?next=%2Fview-recipe%2Fr1&action=save',
    });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fview-recipe%2Fr1&action=save',
    );
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    await vi.waitFor(() => expect(location(router)).toBe('/view-recipe/r1'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ afterLogin: 'save' });
  });

  it('accepts only png or jpeg avatars', async () => {
    mockFetch(() => ok(null));
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<SignupPage />, { path: '/signup' });
    const input = screen.getByLabelText(/Choose avatar/);
    await user.upload(input, new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Avatar must be a png or jpeg image')).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    expect(screen.queryByText('Avatar must be a png or jpeg image')).not.toBeInTheDocument();
  });

  it("refuses an avatar over the server's upload limit in the server's words; one at the limit goes with the sign-up", async () => {
    const fetchMock = mockFetch(
      withUploadLimit(1024 * 1024, (url) =>
        url.pathname.endsWith('/register') ? ok({ user: user1 }, 201) : ok({ user: user1 }),
      ),
    );
    const uploads = mockUploads();
    const user = userEvent.setup();
    const { router } = renderScreen(<SignupPage />, { path: '/signup' });
    await user.upload(screen.getByLabelText(/Choose avatar/), imageFile(1024 * 1024 + 1, 'me.png'));
    expect(await screen.findByText('The file is too large (1 MB at most)')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your new avatar' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText(/Choose avatar/), imageFile(1024 * 1024, 'me.png'));
    expect(await screen.findByRole('img', { name: 'Your new avatar' })).toBeInTheDocument();
    expect(screen.queryByText('The file is too large (1 MB at most)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Signup' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/v1/users/register' });
    expect((uploads[0]!.body as FormData).get('avatar')).toMatchObject({ size: 1024 * 1024 });
    await act(async () => uploads[0]!.answer(ok({ user: user1 }, 201)));
    await vi.waitFor(() => expect(location(router)).toBe('/'));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([UPLOAD_LIMITS_URL, '/api/v1/users/login']);
  });
});
