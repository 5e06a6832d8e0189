import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecipe, makeReviewList, makeUser } from '@/test/factories';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { Component as ViewRecipeRoute } from './view-recipe-route';

const cook = makeUser({ _id: 'cook' });

function serve() {
  mockFetch((url) => {
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/recipes/r1/view-recipe') return ok(makeRecipe({ _id: 'r1', title: 'Tomato soup', servings: 4 }));
    if (path === '/recipes/r1/similar') return ok({ recipes: [] });
    if (path === '/recipes/r1/check-saved') return ok({ isSaved: false });
    if (path === '/reviews/view-all/r1') return ok(makeReviewList());
    if (path === '/reviews/view/cook/r1') return fail(404, 'Review not found');
    return fail(404, 'Route not found');
  });
}

describe('recipe page: the cook’s kitchen actions', () => {
  it("offers 'Add to meal plan' and 'Add to shopping list' beside Save to a logged-in cook", async () => {
    serve();
    const view = renderScreen(<ViewRecipeRoute />, { path: '/view-recipe/:recipeId', url: '/view-recipe/r1' });
    logIn(view.store, cook);
    expect(await screen.findByRole('button', { name: 'Add to shopping list' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to meal plan' })).toBeInTheDocument();
  });

  it('offers neither to a visitor', async () => {
    serve();
    renderScreen(<ViewRecipeRoute />, { path: '/view-recipe/:recipeId', url: '/view-recipe/r1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tomato soup' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to shopping list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to meal plan' })).not.toBeInTheDocument();
  });
});
