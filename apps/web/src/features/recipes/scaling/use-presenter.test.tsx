import { renderHook, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeIngredient } from '@/test/factories';
import { needsPresenter, usePresenter } from './use-presenter';

const flour = makeIngredient({ text: '1 1/2 cups flour', quantity: 1.5, unit: 'cup', food: 'flour' });

describe('needsPresenter', () => {
  it('is false only for the recipe as written, in the units as written', () => {
    expect(needsPresenter([flour], 1, 'original')).toBe(false);
    expect(needsPresenter([flour], 2, 'original')).toBe(true);
    expect(needsPresenter([flour], 1, 'metric')).toBe(true);
    expect(needsPresenter([flour], 1, 'us')).toBe(true);
  });

  it('is true for a metric amount as written that reads as kg or l', () => {
    const potatoes = makeIngredient({ text: '1600 g potatoes', quantity: 1600, unit: 'g', food: 'potatoes' });
    const water = makeIngredient({ text: '1000 ml water', quantity: 1000, unit: 'ml', food: 'water' });
    const rice = makeIngredient({ text: '250 g rice', quantity: 250, unit: 'g', food: 'rice' });
    expect(needsPresenter([rice, potatoes], 1, 'original')).toBe(true);
    expect(needsPresenter([water], 1, 'original')).toBe(true);
    expect(needsPresenter([rice], 1, 'original')).toBe(false);
  });
});

describe('usePresenter', () => {
  it('in the browser, answers null (as written) until the converter has arrived, then the converter', async () => {
    // First in this file: the converter's chunk is not in memory yet.
    const { result, rerender } = renderHook(({ needed }) => usePresenter(needed), { initialProps: { needed: true } });
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(result.current?.presentIngredient(flour, 2, 'original')).toBe('3 cups flour');
    rerender({ needed: false });
    expect(result.current).toBeNull();
  });

  it('for the recipe as written, downloads the converter but does not re-render the page when it arrives', async () => {
    vi.resetModules(); // a fresh module: the converter not yet in memory
    const fresh = await import('./use-presenter');
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return fresh.usePresenter(false);
    });
    expect(renders).toBe(1);
    await act(async () => {
      await fresh.loadPresenter();
    });
    expect(result.current).toBeNull();
    expect(renders).toBe(1);
  });
});
