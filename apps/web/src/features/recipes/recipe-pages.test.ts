import { describe, expect, it } from 'vitest';
import { makeRecipeCard, makeRecipeList } from '@/test/factories';
import { chunkOf, neighbourChunk, parsePage, recipesOfPage, totalUiPages } from './recipe-pages';

const cards = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => makeRecipeCard({ _id: `r${from + i}` }));

describe('24-at-a-time recipe pages', () => {
  it('maps a screen page to an API page of 24 and an offset', () => {
    expect(chunkOf(1)).toEqual({ page: 1, limit: 24, offset: 0 });
    expect(chunkOf(2)).toEqual({ page: 1, limit: 24, offset: 12 });
    expect(chunkOf(3)).toEqual({ page: 2, limit: 24, offset: 0 });
    expect(chunkOf(6)).toEqual({ page: 3, limit: 24, offset: 12 });
  });

  it('cuts a screen page of 12 out of its chunk', () => {
    const chunk = makeRecipeList(cards(25, 24), { curPageNum: 2, totalRecipeCount: 60, totalPages: 3 });
    expect(recipesOfPage(chunk, 3).map((r) => r._id)).toEqual(cards(25, 12).map((r) => r._id));
    expect(recipesOfPage(chunk, 4).map((r) => r._id)).toEqual(cards(37, 12).map((r) => r._id));
    const last = makeRecipeList(cards(49, 12), { curPageNum: 3, totalRecipeCount: 60, totalPages: 3 });
    expect(recipesOfPage(last, 5)).toHaveLength(12);
    expect(recipesOfPage(last, 6)).toHaveLength(0);
  });

  it('counts screen pages of 12', () => {
    expect(totalUiPages(0)).toBe(1);
    expect(totalUiPages(12)).toBe(1);
    expect(totalUiPages(13)).toBe(2);
    expect(totalUiPages(60)).toBe(5);
  });

  it('names the chunk across the edge as the neighbour to keep', () => {
    expect(neighbourChunk(1, 60)).toBeNull();
    expect(neighbourChunk(2, 60)).toBe(2);
    expect(neighbourChunk(3, 60)).toBe(1);
    expect(neighbourChunk(4, 60)).toBe(3);
    expect(neighbourChunk(5, 60)).toBe(2);
    expect(neighbourChunk(2, 24)).toBeNull();
  });

  it('reads the page from the URL forgivingly', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});
