import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
import { fakeImageDecoding } from '@/test/image-decoding';
import { location, renderScreen } from '@/test/render';
import { imageFile, mockUploads, withUploadLimit } from '@/test/upload-mock';
import { AddRecipePage } from './add-recipe-page';

const MB = 1024 * 1024;
const requiredFields = [
  [/^Title/, 'Tomato soup'],
  [/^Cooking time/, '30'],
  ['Ingredient 1', 'Tomatoes'],
  ['Step 1', 'Simmer'],
] as const;

describe('AddRecipePage', () => {
  it("refuses a photo over the server's upload limit in the server's words; one under it goes with the recipe", async () => {
    mockFetch(withUploadLimit(5 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    const { router } = renderScreen(<AddRecipePage />, {
      path: '/add-recipe',
      extraRoutes: [{ path: '/view-recipe/:id', element: <p>recipe</p> }],
    });
    await user.upload(screen.getByLabelText('Choose photo'), imageFile(5 * MB + 1));
    expect(await screen.findByText('The file is too large (5 MB at most)')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of your upload' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose photo'), imageFile(4 * MB, 'soup.png'));
    expect(await screen.findByRole('img', { name: 'Preview of your upload' })).toBeInTheDocument();
    expect(screen.queryByText('The file is too large (5 MB at most)')).not.toBeInTheDocument();
    for (const [label, text] of requiredFields) await user.type(screen.getByLabelText(label), text);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/v1/recipes/create-recipe' });
    expect((uploads[0]!.body as FormData).get('recipePhoto')).toMatchObject({ name: 'soup.png', size: 4 * MB });
    // Servings and yield were left empty: the call carries neither, as the spec's call does not.
    expect((uploads[0]!.body as FormData).has('servings')).toBe(false);
    expect((uploads[0]!.body as FormData).has('yieldText')).toBe(false);
    await act(async () => uploads[0]!.answer(ok({ _id: 'r9' }, 201)));
    await vi.waitFor(() => expect(location(router)).toBe('/view-recipe/r9'));
  });

  it('sends the servings and the yield when given', async () => {
    mockFetch(withUploadLimit(5 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<AddRecipePage />, { path: '/add-recipe' });
    for (const [label, text] of requiredFields) await user.type(screen.getByLabelText(label), text);
    await user.type(screen.getByLabelText(/^Servings/), '4');
    await user.type(screen.getByLabelText(/^Yield/), '1 litre');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const form = uploads[0]!.body as FormData;
    expect([form.get('servings'), form.get('yieldText'), form.get('isPublished')]).toEqual(['4', '1 litre', 'false']);
  });

  it('sends a wide phone photo resized to the largest kept width, as WebP', async () => {
    const images = fakeImageDecoding({ width: 4032, height: 3024, bytes: 350_000 });
    mockFetch(withUploadLimit(10 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    renderScreen(<AddRecipePage />, { path: '/add-recipe' });
    await user.upload(screen.getByLabelText('Choose photo'), imageFile(3 * MB, 'IMG_2041.jpg', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'Preview of your upload' })).toBeInTheDocument();
    for (const [label, text] of requiredFields) await user.type(screen.getByLabelText(label), text);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(images.decode).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' });
    expect(images.encoded[0]).toMatchObject({ width: 1280, height: 960 });
    expect((uploads[0]!.body as FormData).get('recipePhoto')).toMatchObject({
      name: 'IMG_2041.webp',
      type: 'image/webp',
      size: 350_000,
    });
  });

  it("labels the upload ('Uploading recipe… 40%') and Cancel upload stops it, keeping the form", async () => {
    mockFetch(withUploadLimit(10 * MB));
    const uploads = mockUploads();
    const user = userEvent.setup();
    const { router } = renderScreen(<AddRecipePage />, { path: '/add-recipe' });
    for (const [label, text] of requiredFields) await user.type(screen.getByLabelText(label), text);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.progress(0.4));
    expect(screen.getByText('Uploading recipe…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading recipe' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Upload cancelled. Nothing was saved; your recipe is still here to send again.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Tomato soup');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(location(router)).toBe('/add-recipe');
  });
});
