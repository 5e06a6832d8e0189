import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipe, makeUser } from '@/test/factories';
import { deferred, fail, mockFetch, ok, type MockResponse } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { ViewRecipePage } from './view-recipe-page';

const recipe = makeRecipe({
  _id: 'r1',
  title: 'Tomato soup',
  introduction: 'Bright and quick.',
  cookingTime: 30,
  isPublished: false,
  author: { _id: 'author', name: 'Grace Hopper' },
  avgRating: 3.6,
  totalReviews: 7,
  createdAt: '2025-03-01T14:05:00.000Z',
  ingredients: ['Tomatoes', 'Salt'],
  steps: ['Chop', 'Simmer', 'Blend'],
});

function renderPage(
  handler: (path: string, init: RequestInit | undefined) => MockResponse | Promise<MockResponse>,
  userId?: string,
) {
  const fetchMock = mockFetch((url, init) => handler(url.pathname, init));
  const view = renderScreen(<ViewRecipePage renderReviews={() => <p>reviews here</p>} />, {
    path: '/view-recipe/:recipeId',
    url: '/view-recipe/r1',
    extraRoutes: [{ path: '/recipes', element: <p>all recipes</p> }],
  });
  if (userId) logIn(view.store, makeUser({ _id: userId }));
  return { ...view, fetchMock };
}

describe('ViewRecipePage', () => {
  it('shows everything the spec lists', async () => {
    renderPage((path) => (path.endsWith('/view-recipe') ? ok(recipe) : ok({ isSaved: false })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tomato soup' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Recipes' })).toHaveAttribute('href', '/recipes');
    expect(screen.getByRole('img', { name: 'Rated 3.6 out of 5' })).toBeInTheDocument();
    expect(screen.getByText(/7 reviews/)).toBeInTheDocument();
    expect(screen.getByText('Bright and quick.')).toBeInTheDocument();
    expect(screen.getByText('Photo not available')).toBeInTheDocument();
    expect(screen.getByText('30 mins')).toBeInTheDocument();
    expect(screen.getByText('Tomatoes')).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Chop', '2Simmer', '3Blend']);
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/users/profile/author');
    expect(screen.getByText(/1 March 2025 at/)).toBeInTheDocument();
    expect(screen.getByText('reviews here')).toBeInTheDocument();
    // Visitors: no publish note, no Edit or Delete.
    expect(screen.queryByText(/Draft — only you/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("says 'No reviews yet' instead of five grey stars and '0.0 · 0 reviews'", async () => {
    const unreviewed = { ...recipe, avgRating: 0, totalReviews: 0 };
    renderPage((path) => (path.endsWith('/view-recipe') ? ok(unreviewed) : ok({ isSaved: false })));
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.0/)).not.toBeInTheDocument();
    expect(screen.queryByText(/0 reviews/)).not.toBeInTheDocument();
  });

  it('shows an hour or more as hours and minutes, keeping the spec’s minutes', async () => {
    renderPage((path) => (path.endsWith('/view-recipe') ? ok({ ...recipe, cookingTime: 80 }) : ok({ isSaved: false })));
    expect(await screen.findByText('1 h 20 min')).toBeInTheDocument();
    expect(screen.getByText('80 mins')).toBeInTheDocument();
  });

  it('shows the author the publish note, Edit and Delete', async () => {
    renderPage((path) => (path.endsWith('/view-recipe') ? ok(recipe) : ok({ isSaved: false })), 'author');
    expect(await screen.findByText('Draft — only you can see this recipe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-recipe/r1');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('Save flips at once, and a failed unsave reverts to Saved', async () => {
    allowConsoleError();
    const saveAnswer = deferred();
    renderPage((path, init) => {
      if (path.endsWith('/view-recipe')) return ok(recipe);
      if (path.endsWith('/check-saved')) return ok({ isSaved: false });
      if (path.endsWith('/save-recipe') && init?.method === 'POST') return saveAnswer.promise;
      if (path.endsWith('/unsave-recipe')) return fail(500, 'Could not unsave');
      return fail(404, 'Not found');
    }, 'reader');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Save' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    // Before the server has answered.
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    saveAnswer.resolve(ok({ recipe }));

    await user.click(await screen.findByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it("deleting asks 'Proceed with deletion?'; a failure asks to try again; success goes to /recipes", async () => {
    allowConsoleError();
    let attempts = 0;
    const { router } = renderPage((path) => {
      if (path.endsWith('/view-recipe')) return ok(recipe);
      if (path.endsWith('/delete-recipe')) {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Database is busy') : ok({ _id: 'r1' });
      }
      return ok({ isSaved: false });
    }, 'author');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Proceed with deletion?' });
    expect(within(dialog).getByText('This is irreversible')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Database is busy. Please try again.');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(location(router)).toBe('/recipes'));
  });

  it('shows the reason when the recipe cannot be loaded', async () => {
    allowConsoleError();
    renderPage(() => fail(404, 'Recipe not found'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Recipe not found');
    expect(screen.getByRole('heading', { level: 1, name: 'This recipe isn’t on the menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all recipes' })).toHaveAttribute('href', '/recipes');
  });

  it('offers to try again when the recipe fails to load for another reason', async () => {
    allowConsoleError();
    let calls = 0;
    renderPage((path) => {
      if (!path.endsWith('/view-recipe')) return ok({ isSaved: false });
      calls += 1;
      return calls === 1 ? fail(503, 'Database is busy. Please try again.') : ok(recipe);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database is busy. Please try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tomato soup' })).toBeInTheDocument();
  });
});
