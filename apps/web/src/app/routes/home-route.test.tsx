import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore } from '@/app/store';
import { makeRecipeCard } from '@/test/factories';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { logIn } from '@/test/session';
import { Component as HomeRoute } from './home-route';

function serveLanding() {
  return mockFetch((url) =>
    url.pathname.endsWith('/recipes/recommended')
      ? ok({ recipes: [{ ...makeRecipeCard({ _id: 'p1', title: 'Menemen' }), reason: 'Because you saved Shakshuka' }] })
      : ok({ recipes: [makeRecipeCard({ _id: 'f1', title: 'Featured Stew' })] }),
  );
}

const asked = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.some(([input]) => String(input).includes(path));

describe('the landing page (issue 19)', () => {
  it("shows a logged-in cook 'Recommended for you' above the featured recipes", async () => {
    const fetchMock = serveLanding();
    const store = createStore();
    logIn(store);
    renderScreen(<HomeRoute />, { store });
    expect(await screen.findByRole('heading', { level: 2, name: 'Recommended for you' })).toBeInTheDocument();
    expect(await screen.findByText('Because you saved Shakshuka')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Featured Stew' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Recommended for you')).toBeLessThan(headings.indexOf('Featured recipes'));
    expect(asked(fetchMock, '/recipes/random-recipes')).toBe(true);
  });

  it('keeps the featured set alone for visitors, without asking for recommendations', async () => {
    const fetchMock = serveLanding();
    renderScreen(<HomeRoute />);
    expect(await screen.findByRole('link', { name: 'Featured Stew' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recommended for you' })).toBeNull();
    expect(asked(fetchMock, '/recipes/recommended')).toBe(false);
  });
});
