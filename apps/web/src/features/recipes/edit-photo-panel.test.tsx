import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipe } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { mockUploads } from '@/test/upload-mock';
import { EditPhotoPanel } from './edit-photo-panel';

const withPhoto = makeRecipe({ _id: 'r1', recipePhoto: '/uploads/soup.webp' });
const photoFile = () => new File(['x'], 'soup.png', { type: 'image/png' });

describe('EditPhotoPanel', () => {
  it("Save without a new file says 'Photo is required'", async () => {
    mockFetch(() => ok(withPhoto));
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={makeRecipe()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Photo is required')).toBeInTheDocument();
  });

  it("uploads the chosen photo with progress, then says 'Photo saved.'", async () => {
    mockFetch(() => ok(withPhoto));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={makeRecipe()} />);
    await user.upload(screen.getByLabelText('Upload photo'), photoFile());
    expect(await screen.findByRole('img', { name: 'Preview of your upload' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => uploads[0]!.progress(0.25));
    expect(screen.getByRole('progressbar', { name: 'Uploading photo' })).toHaveAttribute('aria-valuenow', '25');
    await act(async () => uploads[0]!.answer(ok(withPhoto)));
    expect(await screen.findByRole('status')).toHaveTextContent('Photo saved.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of your upload' })).not.toBeInTheDocument();
    expect(uploads[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/recipes/r1/update-recipe-photo' });
  });

  it('Cancel drops the chosen photo', async () => {
    mockFetch(() => ok(withPhoto));
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={withPhoto} />);
    await user.upload(screen.getByLabelText('Change photo'), photoFile());
    await screen.findByRole('img', { name: 'Preview of your upload' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('img', { name: 'Preview of your upload' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it("deleting the photo shows a failure's reason, then 'Photo deleted.'", async () => {
    allowConsoleError();
    let calls = 0;
    mockFetch(() => (++calls === 1 ? fail(500, 'Storage is busy') : ok(makeRecipe({ _id: 'r1' }))));
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={withPhoto} />);
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Storage is busy');
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Photo deleted.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
