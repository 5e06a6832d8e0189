import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipe } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { fakeImageDecoding } from '@/test/image-decoding';
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

  it('with a photo shown, Save waits for a new photo and says so; choosing one enables it', async () => {
    mockFetch(() => ok(withPhoto));
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={withPhoto} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Choose a new photo to replace this one, then save.');
    expect(screen.queryByText('Photo is required')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Change photo'), photoFile());
    await screen.findByRole('img', { name: 'Preview of your upload' });
    expect(save).toBeEnabled();
    expect(save).not.toHaveAccessibleDescription();
  });

  it('Delete photo asks first: cancelling keeps the photo, confirming deletes it', async () => {
    const fetchMock = mockFetch(() => ok(makeRecipe({ _id: 'r1' })));
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={withPhoto} />);
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
    expect(dialog).toHaveTextContent("The recipe will show 'Photo not available' until you upload a new one.");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Photo deleted.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/recipes/r1/delete-recipe-photo');
  });

  it('a failed deletion shows its reason in the dialog, which stays for another try', async () => {
    allowConsoleError();
    let calls = 0;
    mockFetch(() => (++calls === 1 ? fail(500, 'Storage is busy') : ok(makeRecipe({ _id: 'r1' }))));
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={withPhoto} />);
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Storage is busy. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Photo deleted.');
  });

  /** Replaces the recipe's photo with a chosen one and presses Save; the upload waits for the test. */
  async function startReplacingPhoto() {
    mockFetch(() => ok(withPhoto));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={withPhoto} />);
    await user.upload(screen.getByLabelText('Change photo'), photoFile());
    await screen.findByRole('img', { name: 'Preview of your upload' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return { upload: uploads[0]!, user };
  }

  it("says 'Uploading photo… 40%' and Cancel upload stops it: no error, the chosen photo stays to try again", async () => {
    const { upload, user } = await startReplacingPhoto();
    act(() => upload.progress(0.4));
    expect(screen.getByText('Uploading photo…')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Upload cancelled. The recipe keeps its photo as it was.',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of your upload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('once every byte is sent, the bar says the photo is being processed and no longer offers to cancel', async () => {
    const { upload } = await startReplacingPhoto();
    act(() => upload.progress(1));
    expect(screen.getByText('Processing…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
  });

  it('sends a photo wider than the largest kept width resized to it', async () => {
    const images = fakeImageDecoding({ width: 4000, height: 3000, bytes: 300_000 });
    mockFetch(withUploadLimit(10 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={makeRecipe({ _id: 'r1' })} />);
    await user.upload(screen.getByLabelText('Upload photo'), imageFile(3 * MB, 'IMG_1.jpg', 'image/jpeg'));
    await screen.findByRole('img', { name: 'Preview of your upload' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(images.encoded[0]).toMatchObject({ width: 1280, height: 960 });
    expect((uploads[0]!.body as FormData).get('recipePhoto')).toMatchObject({
      name: 'IMG_1.webp',
      type: 'image/webp',
      size: 300_000,
    });
  });

  it('judges the upload limit by what will be sent: a photo over it that resizes under it goes', async () => {
    fakeImageDecoding({ width: 6000, height: 4000, bytes: 400_000 });
    mockFetch(withUploadLimit(2 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<EditPhotoPanel recipe={makeRecipe({ _id: 'r1' })} />);
    await user.upload(screen.getByLabelText('Upload photo'), imageFile(5 * MB, 'big.jpg', 'image/jpeg'));
    await screen.findByRole('img', { name: 'Preview of your upload' });
    expect(screen.queryByText('The file is too large (2 MB at most)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((uploads[0]!.body as FormData).get('recipePhoto')).toMatchObject({ size: 400_000 });
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
