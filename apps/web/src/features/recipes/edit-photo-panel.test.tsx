import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipe } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { imageFile, mockUploads, UPLOAD_LIMITS_URL, withUploadLimit } from '@/test/upload-mock';
import { EditPhotoPanel } from './edit-photo-panel';

const withPhoto = makeRecipe({ _id: 'r1', recipePhoto: '/uploads/soup.webp' });
const photoFile = () => new File(['x'], 'soup.png', { type: 'image/png' });
const MB = 1024 * 1024;

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

  it("refuses a photo over the server's upload limit in the server's words, uploading nothing; one at the limit goes", async () => {
    const fetchMock = mockFetch(withUploadLimit(2 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={makeRecipe({ _id: 'r1' })} />);
    await user.upload(screen.getByLabelText('Upload photo'), imageFile(2 * MB + 1));
    expect(await screen.findByText('The file is too large (2 MB at most)')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload photo')).toHaveAccessibleDescription('The file is too large (2 MB at most)');
    expect(screen.queryByRole('img', { name: 'Preview of your upload' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(uploads).toHaveLength(0);

    await user.upload(screen.getByLabelText('Upload photo'), imageFile(2 * MB));
    expect(await screen.findByRole('img', { name: 'Preview of your upload' })).toBeInTheDocument();
    expect(screen.queryByText('The file is too large (2 MB at most)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/recipes/r1/update-recipe-photo' });
    await act(async () => uploads[0]!.answer(ok(withPhoto)));
    expect(await screen.findByRole('status')).toHaveTextContent('Photo saved.');
    // The limit is asked once, then read from the cache.
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === UPLOAD_LIMITS_URL)).toHaveLength(1);
  });

  it('sends a large photo when the limit cannot be learned: the server decides', async () => {
    allowConsoleError();
    mockFetch(withUploadLimit(fail(503, 'Service Unavailable')));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={makeRecipe({ _id: 'r1' })} />);
    await user.upload(screen.getByLabelText('Upload photo'), imageFile(3 * MB));
    expect(await screen.findByRole('img', { name: 'Preview of your upload' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(uploads).toHaveLength(1);
    await act(async () => uploads[0]!.answer(fail(413, 'The file is too large (10 MB at most)')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The file is too large (10 MB at most)');
  });
});
