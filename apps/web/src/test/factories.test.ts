import { describe, expect, it } from 'vitest';
import { makeRecipe, makeRecipeList, makeReview, makeUser } from './factories';

describe('test factories', () => {
  it('build what the contracts describe', () => {
    expect(makeRecipe({ title: 'Dal' })).toMatchObject({ title: 'Dal', ingredients: ['Tomatoes'] });
    expect(makeRecipeList([makeRecipe()]).totalRecipeCount).toBe(1);
  });

  it('refuse a fixture that drifts from the contract', () => {
    expect(() => makeUser({ createdAt: 20240501 as unknown as string })).toThrow();
    // Dates are ISO moments as the server writes them, not any string.
    expect(() => makeUser({ createdAt: '' })).toThrow();
    expect(() => makeRecipe({ updatedAt: '1 March 2025' })).toThrow();
    expect(() => makeReview({ createdAt: '2025-03-01' })).toThrow();
    expect(() => makeReview({ rating: '5' as unknown as number })).toThrow();
    // A field the API never sends, such as a password.
    expect(() => makeUser({ password: 'secret' } as Partial<ReturnType<typeof makeUser>>)).toThrow();
  });
});
