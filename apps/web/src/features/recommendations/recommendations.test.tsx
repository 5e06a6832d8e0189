import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipeCard } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { loggedInStore } from '@/test/session';
import { RecommendedPage } from './recommended-page';
import RecommendedRow from './recommended-row';
import SimilarRecipes from './similar-recipes';

const shakshukaFan = [
  { ...makeRecipeCard({ _id: 'r1', title: 'Menemen' }), reason: 'Because you saved Shakshuka' },
  { ...makeRecipeCard({ _id: 'r2', title: 'Lemon Tart' }), reason: null },
];

describe('Recommended for you', () => {
  it('shows each card with its reason when it has one, and links to more', async () => {
    const fetchMock = mockFetch(() => ok({ recipes: shakshukaFan }));
    renderScreen(<RecommendedRow />);
    const list = await screen.findByRole('list', { name: 'Recommended for you' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Because you saved Shakshuka')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Menemen' })).toHaveAttribute('href', '/view-recipe/r1');
    expect(within(items[1]!).queryByText(/^Because/)).toBeNull();
    expect(screen.getByRole('link', { name: 'More for you' })).toHaveAttribute('href', '/recommended');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/recipes/recommended?limit=6');
  });

  it('the page asks for 24 and names what it shows by who is looking', async () => {
    const fetchMock = mockFetch(() => ok({ recipes: shakshukaFan }));
    const store = loggedInStore();
    renderScreen(<RecommendedPage />, { path: '/recommended', store });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended for you' })).toBeInTheDocument();
    expect(await screen.findByText('Because you saved Shakshuka')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('limit=24');
  });

  it('a visitor gets the good-and-fresh set under its own name', async () => {
    mockFetch(() => ok({ recipes: shakshukaFan.map((card) => ({ ...card, reason: null })) }));
    renderScreen(<RecommendedPage />, { path: '/recommended' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Good and fresh' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Lemon Tart' })).toBeInTheDocument();
    expect(screen.queryByText(/^Because/)).toBeNull();
  });

  it("shows the spec's list error when the call fails", async () => {
    allowConsoleError();
    mockFetch(() => fail(500, 'Something went wrong'));
    renderScreen(<RecommendedRow />);
    expect(await screen.findByText('Error: There is some problem fetching recipes')).toBeInTheDocument();
  });
});

describe('More like this', () => {
  it("lists the recipe's similar recipes", async () => {
    const fetchMock = mockFetch(() =>
      ok({
        recipes: [makeRecipeCard({ _id: 's1', title: 'Green Curry' }), makeRecipeCard({ _id: 's2', title: 'Laksa' })],
      }),
    );
    renderScreen(<SimilarRecipes recipeId="abc" />);
    const list = await screen.findByRole('list', { name: 'More like this' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Green Curry', 'Laksa']);
    expect(screen.getByRole('heading', { level: 2, name: 'More like this' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/recipes/abc/similar?limit=6');
  });

  it('shows nothing when there is nothing related yet, or the recipe is gone', async () => {
    const fetchMock = mockFetch(() => ok({ recipes: [] }));
    const { container, unmount } = renderScreen(<SimilarRecipes recipeId="lonely" />);
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    expect(container).toBeEmptyDOMElement();
    unmount();
    allowConsoleError();
    mockFetch(() => fail(404, 'Recipe not found'));
    const gone = renderScreen(<SimilarRecipes recipeId="gone" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gone.container).toBeEmptyDOMElement();
  });
});
