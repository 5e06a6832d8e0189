import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock';
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
    await act(async () => uploads[0]!.answer(ok({ _id: 'r9' }, 201)));
    await vi.waitFor(() => expect(location(router)).toBe('/view-recipe/r9'));
  });
});
