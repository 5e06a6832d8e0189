import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeRecipeCard } from '@/test/factories';
import { RecipeCard } from './recipe-card';

function renderCard(cookingTime: number) {
  render(
    <MemoryRouter>
      <RecipeCard recipe={makeRecipeCard({ cookingTime })} />
    </MemoryRouter>,
  );
}

describe('RecipeCard cooking time', () => {
  it('reads as minutes under an hour', () => {
    renderCard(35);
    expect(screen.getByText('35 mins')).toBeInTheDocument();
  });

  it('reads as hours from an hour on', () => {
    renderCard(80);
    expect(screen.getByText('1 h 20 min')).toBeInTheDocument();
    expect(screen.queryByText('80 mins')).not.toBeInTheDocument();
  });
});
