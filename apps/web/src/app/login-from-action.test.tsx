import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeRecipe, makeReviewList, makeUser } from '@/test/factories';
import { renderApp as renderAppAt } from '@/test/app';
import { fail, mockFetch, ok } from '@/test/fetch-mock';

const cook = makeUser({ _id: 'cook', name: 'Ada' });
const recipe = makeRecipe({ _id: 'r1', title: 'Tomato soup', author: { _id: 'author', name: 'Grace' } });

/** The server as the journey needs it: the recipe, its saved state, log-in and the reader's (absent) review. */
function serve() {
  let saved = false;
  const fetchMock = mockFetch((url, init) => {
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/users/login') return ok({ user: cook });
    if (path === '/recipes/r1/view-recipe') return ok(recipe);
    // 'More like this' under the recipe (issue 19): none here.
    if (path === '/recipes/r1/similar') return ok({ recipes: [] });
    if (path === '/recipes/r1/check-saved') return ok({ isSaved: saved });
    if (path === '/recipes/r1/save-recipe' && init?.method === 'POST') {
      saved = true;
      return ok({ recipe });
    }
    if (path === '/reviews/view-all/r1') return ok(makeReviewList());
    if (path === '/reviews/view/cook/r1') return fail(404, 'Review not found');
    return fail(404, 'Route not found');
  });
  return { fetchMock, isSaved: () => saved };
}

let here: () => Location;
let navigate: (delta: number) => void | Promise<void>;

function renderApp(url: string) {
  const app = renderAppAt(url);
  here = app.here;
  navigate = app.navigate;
}

async function logInOnForm() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('logging in from an action', () => {
  it("a visitor's Save goes to log in, comes back to the recipe and saves it; Back shows no log-in form", async () => {
    const { fetchMock, isSaved } = serve();
    renderApp('/view-recipe/r1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 }));
    await vi.waitFor(() =>
      expect(`${here().pathname}${here().search}`).toBe('/login?next=%2Fview-recipe%2Fr1&action=save'),
    );

    await logInOnForm();
    await vi.waitFor(() => expect(here().pathname).toBe('/view-recipe/r1'));
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(isSaved()).toBe(true));
    const saves = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/save-recipe'));
    expect(saves).toHaveLength(1);
    // Done: the entry no longer asks for the save, so a reload or Back-and-Forward cannot repeat it.
    await vi.waitFor(() => expect(here().state).toBeNull());

    // The log-in screen's entry was replaced: Back goes to the recipe as it was before logging in.
    void navigate(-1);
    await vi.waitFor(() => expect(here().pathname).toBe('/view-recipe/r1'));
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('leaves a recipe that was already saved saved (the action saves, it does not flip)', async () => {
    // Saved earlier, from another device.
    const saved = mockFetch((url, init) => {
      const path = url.pathname.replace('/api/v1', '');
      if (path === '/users/login') return ok({ user: cook });
      if (path === '/recipes/r1/view-recipe') return ok(recipe);
      if (path === '/recipes/r1/similar') return ok({ recipes: [] });
      if (path === '/recipes/r1/check-saved') return ok({ isSaved: true });
      if (path.endsWith('save-recipe') || init?.method === 'DELETE') return fail(500, 'Must not be called');
      if (path === '/reviews/view-all/r1') return ok(makeReviewList());
      return fail(404, 'Review not found');
    });
    renderApp('/login?next=%2Fview-recipe%2Fr1&action=save');
    await logInOnForm();
    expect(await screen.findByRole('button', { name: 'Saved' }, { timeout: 5000 })).toBeInTheDocument();
    await vi.waitFor(() => expect(here().state).toBeNull());
    expect(saved.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('save-recipe'))).toEqual([]);
  });

  it("a visitor's 'Log in' to review comes back to the recipe's reviews, with the form ready", async () => {
    serve();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderApp('/view-recipe/r1');
    const user = userEvent.setup();
    const reviews = await screen.findByRole('region', { name: 'Reviews' }, { timeout: 5000 });
    await user.click(within(reviews).getByRole('link', { name: 'Log in' }));
    await vi.waitFor(() =>
      expect(`${here().pathname}${here().search}`).toBe('/login?next=%2Fview-recipe%2Fr1&action=review'),
    );

    await logInOnForm();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Reviews' }, { timeout: 5000 });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled).toContain(heading);
    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    await vi.waitFor(() => expect(here().state).toBeNull());
  });
});
