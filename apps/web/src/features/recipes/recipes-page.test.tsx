import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeRecipeCard, makeRecipeList } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { location, renderScreen } from '@/test/render';
import { RecipesPage } from './recipes-page';

const TOTAL = 60;

const card = (n: number) => makeRecipeCard({ _id: `r${n}`, title: `Recipe ${n}` });

function serveRecipes() {
  return mockFetch((url) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const start = (page - 1) * limit + 1;
    const count = Math.max(0, Math.min(limit, TOTAL - start + 1));
    return ok(
      makeRecipeList(
        Array.from({ length: count }, (_, i) => card(start + i)),
        { curPageNum: page, totalRecipeCount: TOTAL, totalPages: Math.ceil(TOTAL / limit) },
      ),
    );
  });
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/recipes/all'));

const titles = () =>
  within(screen.getByRole('list', { name: /^Recipes, page/ }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('RecipesPage', () => {
  it("Next scrolls to the grid's top, below the sticky header (scroll-margin-top), not to the heading", async () => {
    serveRecipes();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderScreen(<RecipesPage />, { path: '/recipes' });
    await screen.findByText('Page 1 of 5');
    expect(scrolled).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 5');
    expect(scrolled).toHaveLength(1);
    const target = scrolled[0]!;
    expect(target).toContainElement(screen.getByRole('list', { name: 'Recipes, page 2' }));
    expect(target).not.toContainElement(screen.getByRole('heading', { level: 1, name: 'All Recipes' }));
    expect(target.className).toContain('scroll-mt-[calc(var(--header-height');
  });

  it('shows 12 per page from a request of 24 and keeps the neighbouring page', async () => {
    const fetchMock = serveRecipes();
    const user = userEvent.setup();
    const { router } = renderScreen(<RecipesPage />, { path: '/recipes' });

    expect(await screen.findByText('Page 1 of 5')).toBeInTheDocument();
    expect(titles()).toEqual(Array.from({ length: 12 }, (_, i) => `Recipe ${i + 1}`));
    expect(listCalls(fetchMock)).toEqual(['/api/v1/recipes/all?page=1&limit=24']);

    // Page 2 is the second half of the chunk already in hand: no request, and the next chunk is fetched ahead.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(titles()[0]).toBe('Recipe 13');
    expect(location(router)).toBe('/recipes?page=2');
    await screen.findByText('Page 2 of 5');
    await vi_waitForCalls(fetchMock, 2);
    expect(listCalls(fetchMock)).toEqual([
      '/api/v1/recipes/all?page=1&limit=24',
      '/api/v1/recipes/all?page=2&limit=24',
    ]);

    // Page 3 comes from the prefetched chunk at once.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(titles()[0]).toBe('Recipe 25');
    expect(location(router)).toBe('/recipes?page=3');

    // And back again needs nothing new either.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(titles()[0]).toBe('Recipe 1');
    expect(listCalls(fetchMock)).toHaveLength(2);
  });

  it('starts from the page in the URL and jumps to the start and end', async () => {
    const fetchMock = serveRecipes();
    const user = userEvent.setup();
    const { router } = renderScreen(<RecipesPage />, { path: '/recipes', url: '/recipes?page=4' });
    expect(await screen.findByText('Page 4 of 5')).toBeInTheDocument();
    expect(titles()[0]).toBe('Recipe 37');
    expect(listCalls(fetchMock)[0]).toBe('/api/v1/recipes/all?page=2&limit=24');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Page 5 of 5')).toBeInTheDocument();
    expect(await screen.findByText('Recipe 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Page 1 of 5')).toBeInTheDocument();
    expect(location(router)).toBe('/recipes');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it("shows 'Error: There is some problem fetching recipes' when the list fails", async () => {
    allowConsoleError();
    mockFetch(() => fail(500, 'Database down'));
    renderScreen(<RecipesPage />, { path: '/recipes' });
    expect(await screen.findByText('Error: There is some problem fetching recipes')).toBeInTheDocument();
  });

  it("shows 'No recipes found' for an empty list", async () => {
    mockFetch(() => ok(makeRecipeList()));
    renderScreen(<RecipesPage />, { path: '/recipes' });
    expect(await screen.findByText('No recipes found')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});

async function vi_waitForCalls(fetchMock: ReturnType<typeof mockFetch>, count: number) {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(count));
}
