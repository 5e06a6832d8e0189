import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/factories';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { AvatarSettings } from './avatar-settings';
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

  it("change password: 'This is required field', minimum 8, then alert 'Password changed'", async () => {
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

    await user.type(screen.getByLabelText(/^New password/), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Password changed'));
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
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
