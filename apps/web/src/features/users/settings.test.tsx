import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeUser } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { imageFile, mockUploads, UPLOAD_LIMITS_URL, withUploadLimit } from '@/test/upload-mock';
import { AvatarSettings } from './avatar-settings';
import { DeleteAccount } from './delete-account';
import { NameSettings } from './name-settings';
import { PasswordSettings } from './password-settings';

const me = makeUser({ name: 'Ada' });

describe('profile settings', () => {
  it("name cannot be empty: 'Name cannot be empty'", async () => {
    mockFetch(() => ok({ user: me }));
    const user = userEvent.setup();
    renderScreen(<NameSettings user={me} />);
    await user.clear(screen.getByLabelText(/^Name/));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
  });

  it("name: 'Name updated' is said in the page's live region, as the other settings say theirs", async () => {
    mockFetch(() => ok({ user: { ...me, name: 'Ada L.' } }));
    const user = userEvent.setup();
    renderScreen(<NameSettings user={me} />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Ada L.');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await vi.waitFor(() => expect(status).toHaveTextContent('Name updated'));
  });

  it("change password: 'This is required field', minimum 8, then 'Password changed' in the page, not an alert box", async () => {
    const fetchMock = mockFetch(() => ok(null));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { container } = renderScreen(<PasswordSettings email="ada@example.com" />);
    // A hidden username field tells a password manager which login changes; it is not sent.
    expect(container.querySelector('input[autocomplete="username"]')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('This is required field')).toHaveLength(2);

    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password should be at least 8 characters')).toBeInTheDocument();

    // The live region is on the page before there is anything to say, so the message is announced.
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.type(screen.getByLabelText(/^New password/), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(status).toHaveTextContent('Password changed'));
    expect(alert).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'PATCH',
      body: JSON.stringify({ curPassword: 'old-password', newPassword: 'short-and-longer' }),
    });
  });

  it("avatar: a file that is not an image says 'Only image files are allowed'", async () => {
    mockFetch(() => ok({ user: me }));
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<AvatarSettings user={me} />);
    await user.upload(screen.getByLabelText('Change avatar'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save avatar' })).not.toBeInTheDocument();
  });

  it('avatar: a change takes any image file, a WebP too (only sign-up is limited to png or jpeg)', async () => {
    const fetchMock = mockFetch(() => ok({ user: me }));
    const user = userEvent.setup();
    renderScreen(<AvatarSettings user={me} />);
    await user.upload(screen.getByLabelText('Change avatar'), new File(['x'], 'me.webp', { type: 'image/webp' }));
    expect(screen.queryByText('Only image files are allowed')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save avatar' })).toBeInTheDocument();
    // Choosing asks only for the upload limit; nothing is sent before Save.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([UPLOAD_LIMITS_URL]);
  });

  it("avatar: a file over the server's upload limit is refused in the server's words and never sent", async () => {
    mockFetch(withUploadLimit(1024 * 1024, () => ok({ user: me })));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<AvatarSettings user={me} />);
    await user.upload(screen.getByLabelText('Change avatar'), imageFile(1024 * 1024 + 1, 'me.png'));
    expect(await screen.findByText('The file is too large (1 MB at most)')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'New avatar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save avatar' })).not.toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    await user.upload(screen.getByLabelText('Change avatar'), imageFile(1024, 'me.png'));
    await user.click(await screen.findByRole('button', { name: 'Save avatar' }));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/users/update-avatar' });
    expect(screen.queryByText('The file is too large (1 MB at most)')).not.toBeInTheDocument();
  });

  it('avatar: saving shows its progress; a failure shows the reason and keeps the file; success shows the new one', async () => {
    allowConsoleError();
    mockFetch(() => ok({ user: me }));
    const uploads = mockUploads();
    const user = userEvent.setup();
    const { store } = renderScreen(<AvatarSettings user={me} />);
    logIn(store, me);
    await user.upload(screen.getByLabelText('Change avatar'), new File(['x'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'New avatar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    const progress = screen.getByRole('progressbar', { name: 'Uploading avatar' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Save avatar' })).toBeDisabled();
    act(() => uploads[0]!.progress(0.5));
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    await act(async () => uploads[0]!.answer(fail(500, 'Storage is full')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Storage is full');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const changed = makeUser({ name: 'Ada', avatar: { url: '/uploads/ada.webp', isDefault: false, variants: [] } });
    await act(async () => uploads[1]!.answer(ok({ user: changed })));
    await vi.waitFor(() => expect(store.getState().auth.user?.avatar.url).toBe('/uploads/ada.webp'));
    expect(screen.queryByRole('button', { name: 'Save avatar' })).not.toBeInTheDocument();
    expect(uploads[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/users/update-avatar' });
  });

  it('avatar: Cancel drops the chosen file', async () => {
    mockFetch(() => ok({ user: me }));
    const user = userEvent.setup();
    renderScreen(<AvatarSettings user={me} />);
    await user.upload(screen.getByLabelText('Change avatar'), new File(['x'], 'me.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('img', { name: 'New avatar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save avatar' })).not.toBeInTheDocument();
  });

  it('avatar: removing it shows a failure, then falls back to the default picture', async () => {
    allowConsoleError();
    const custom = makeUser({ name: 'Ada', avatar: { url: '/uploads/ada.webp', isDefault: false, variants: [] } });
    let calls = 0;
    mockFetch(() => (++calls === 1 ? fail(500, 'Storage is busy') : ok({ user: me })));
    const user = userEvent.setup();
    const { store } = renderScreen(<AvatarSettings user={custom} />);
    logIn(store, custom);
    await user.click(screen.getByRole('button', { name: 'Remove avatar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Storage is busy');
    await user.click(screen.getByRole('button', { name: 'Remove avatar' }));
    await vi.waitFor(() => expect(store.getState().auth.user?.avatar.isDefault).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('delete account: asks first, saying reviews go too; a failure shows the reason; success logs out and goes to / with a message for the landing page', async () => {
    allowConsoleError();
    let calls = 0;
    mockFetch(() => (++calls === 1 ? fail(500, 'Database is busy') : ok(null)));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { store, router } = renderScreen(<DeleteAccount />, { path: '/profile' });
    logIn(store, me);
    const confirmDeletion = async () => {
      await user.click(screen.getByRole('button', { name: 'Delete account' }));
      const dialog = screen.getByRole('dialog', { name: 'Proceed with deletion?' });
      expect(within(dialog).getByText('This is irreversible')).toBeInTheDocument();
      expect(within(dialog).getByText('Your recipes and reviews are deleted with your account.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    };

    await confirmDeletion();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database is busy Some error');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toBe(1);

    await confirmDeletion();
    await vi.waitFor(() => expect(location(router)).toBe('/'));
    expect(alert).not.toHaveBeenCalled();
    expect(store.getState().flash.message).toBe('Account deleted successfully');
    expect(store.getState().auth.isLoggedIn).toBe(false);
  });

  it('delete account: Cancel closes the dialog and deletes nothing', async () => {
    const fetchMock = mockFetch(() => ok(null));
    const user = userEvent.setup();
    renderScreen(<DeleteAccount />, { path: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
