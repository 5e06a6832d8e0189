import { importMessages, type ImportedRecipe } from '@forkful/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { mockUploads, withUploadLimit } from '@/test/upload-mock';
import { AddRecipePage } from '../add-recipe-page';

const preview: ImportedRecipe = {
  title: 'Crème brûlée & berries',
  introduction: 'Silky custard.',
  servings: 4,
  yieldText: '4 ramekins',
  prepTime: 15,
  cookTime: 30,
  totalTime: null,
  cookingTime: 45,
  ingredients: ['500 ml cream', '5 egg yolks'],
  ingredientSections: [{ title: null, ingredients: ['500 ml cream', '5 egg yolks'] }],
  steps: ['Heat the cream.', 'Whisk in the yolks.', 'Burn the sugar.'],
  stepSections: [
    { title: 'Custard', steps: ['Heat the cream.', 'Whisk in the yolks.'] },
    { title: 'Topping', steps: ['Burn the sugar.'] },
  ],
  imageUrls: ['https://example.com/photo.jpg'],
  sourceUrl: 'https://example.com/creme-brulee',
  siteName: 'Example Kitchen',
  author: 'A Cook',
  language: 'en',
};

describe('import on /add-recipe', () => {
  it('fills the form from a link; the cook publishes it with its source', async () => {
    const calls: { path: string; body: unknown }[] = [];
    mockFetch(
      withUploadLimit(5 * 1024 * 1024, (url, init) => {
        calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.pathname === '/api/v1/recipes/import')
          return ok({ recipe: preview, warnings: ['A recipe title takes only letters a-z'] });
        // The photo could not be had: the recipe comes without it, and the cook is told.
        if (url.pathname === '/api/v1/recipes/import/photo') return fail(422, importMessages.photoNotImage);
        return ok(null);
      }),
    );
    const uploads = mockUploads();
    const user = userEvent.setup();
    const { router } = renderScreen(<AddRecipePage />, {
      path: '/add-recipe',
      extraRoutes: [{ path: '/view-recipe/:id', element: <p>recipe</p> }],
    });

    await user.click(screen.getByRole('button', { name: 'Import from a link' }));
    const panel = await screen.findByRole('region', { name: 'Import from a link' });
    await user.type(within(panel).getByLabelText('Address of the recipe page'), 'https://example.com/creme-brulee');
    await user.click(within(panel).getByRole('button', { name: 'Import' }));

    await vi.waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Creme brulee and berries'));
    expect(calls.filter((call) => call.path.startsWith('/api/v1/recipes/import'))).toEqual([
      { path: '/api/v1/recipes/import', body: { url: 'https://example.com/creme-brulee' } },
      { path: '/api/v1/recipes/import/photo', body: { url: 'https://example.com/photo.jpg' } },
    ]);
    expect(screen.getByLabelText(/^Introduction/)).toHaveValue('Silky custard.');
    expect(screen.getByLabelText(/^Cooking time/)).toHaveValue('45');
    expect(screen.getByLabelText(/^Servings/)).toHaveValue('4');
    expect(screen.getByLabelText(/^Yield/)).toHaveValue('4 ramekins');
    expect(screen.getByLabelText('Ingredient 2')).toHaveValue('5 egg yolks');
    expect(screen.getByLabelText('Step 1')).toHaveValue('Custard:');
    expect(screen.getByLabelText('Step 4')).toHaveValue('Topping:');
    expect(screen.getByText(/Imported from Example Kitchen/)).toBeInTheDocument();
    expect(screen.getByText('The photo could not be fetched')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import from a link' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Title/));
    await user.type(screen.getByLabelText(/^Title/), 'Creme brulee');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const form = uploads[0]!.body as FormData;
    expect(form.get('title')).toBe('Creme brulee');
    expect(form.getAll('steps')).toEqual([
      'Custard:',
      'Heat the cream.',
      'Whisk in the yolks.',
      'Topping:',
      'Burn the sugar.',
    ]);
    expect([form.get('sourceUrl'), form.get('sourceSiteName'), form.get('isPublished')]).toEqual([
      'https://example.com/creme-brulee',
      'Example Kitchen',
      'true',
    ]);
    await act(async () => uploads[0]!.answer(ok({ _id: 'r1' }, 201)));
    await vi.waitFor(() => expect(location(router)).toBe('/view-recipe/r1'));
  }, 30_000);

  it("shows the server's reason, and offers pasting the page; a pasted page is sent as it is", async () => {
    // The transport logs every failed call; these two are expected.
    allowConsoleError();
    const bodies: unknown[] = [];
    mockFetch(
      withUploadLimit(5 * 1024 * 1024, (url, init) => {
        if (url.pathname !== '/api/v1/recipes/import') return ok(null);
        bodies.push(JSON.parse(String(init?.body)));
        return bodies.length === 1 ? fail(422, importMessages.fetchFailed) : fail(422, importMessages.noRecipe);
      }),
    );
    const user = userEvent.setup();
    renderScreen(<AddRecipePage />, { path: '/add-recipe' });
    await user.click(screen.getByRole('button', { name: 'Import from a link' }));
    const panel = await screen.findByRole('region', { name: 'Import from a link' });
    await user.type(within(panel).getByLabelText('Address of the recipe page'), 'https://blocked.example/r');
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByText(importMessages.fetchFailed)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'paste the page' }));
    const paste = await screen.findByRole('region', { name: 'Paste the page' });
    await user.click(within(paste).getByLabelText('The page’s source'));
    await user.paste('<html><body>no recipe</body></html>');
    await user.click(within(paste).getByRole('button', { name: 'Read the page' }));
    expect(await within(paste).findByText(importMessages.noRecipe)).toBeInTheDocument();
    expect(bodies).toEqual([
      { url: 'https://blocked.example/r' },
      { html: '<html><body>no recipe</body></html>', url: 'https://blocked.example/r' },
    ]);
    // Nothing was filled in.
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
  }, 30_000);

  it('checks the address before asking the server', async () => {
    const fetchMock = mockFetch(withUploadLimit(5 * 1024 * 1024));
    const user = userEvent.setup();
    renderScreen(<AddRecipePage />, { path: '/add-recipe' });
    await user.click(screen.getByRole('button', { name: 'Import from a link' }));
    const panel = await screen.findByRole('region', { name: 'Import from a link' });
    await user.type(within(panel).getByLabelText('Address of the recipe page'), 'javascript:alert(1)');
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(await within(panel).findByText(importMessages.urlInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/recipes/import'))).toBe(false);
  }, 30_000);
});
