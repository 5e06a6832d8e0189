import { describe, expect, it } from 'vitest';
import { makeRecipeCard, makeSuggestion } from '@/test/factories';
import {
  clearSuggestions,
  fetchSearchedRecipes,
  fetchSuggestions,
  initialSearchState,
  searchSlice,
  setSearchFocus,
  type SearchState,
} from './search-slice';

const reduce = searchSlice.reducer;
const error = { message: 'x', statusCode: 500, reason: 'Boom' };
const suggestions = [makeSuggestion({ _id: 'r1', title: 'Pasta' })];
const card = makeRecipeCard({ _id: 'r1', title: 'Pasta' });

describe('search slice (spec section 4)', () => {
  it('starts empty and unfocused', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual(initialSearchState);
  });

  it('focus flag', () => {
    const focused = reduce(initialSearchState, setSearchFocus(true));
    expect(focused.focus).toBe(true);
    expect(reduce(focused, setSearchFocus(false)).focus).toBe(false);
  });

  it('suggestion request start: loading on, error cleared, search started', () => {
    const failed: SearchState = { ...initialSearchState, suggested: { loading: false, error, data: [] } };
    const state = reduce(failed, fetchSuggestions.pending('r', 'pa'));
    expect(state.suggested).toEqual({ loading: true, error: null, data: [] });
    expect(state.searchStarted).toBe(true);
  });

  it('suggestion success fills the list', () => {
    const pending = reduce(initialSearchState, fetchSuggestions.pending('r', 'pa'));
    const state = reduce(pending, fetchSuggestions.fulfilled(suggestions, 'r', 'pa'));
    expect(state.suggested).toEqual({ loading: false, error: null, data: suggestions });
  });

  it('suggestion failure stores the error', () => {
    const pending = reduce(initialSearchState, fetchSuggestions.pending('r', 'pa'));
    const state = reduce(pending, fetchSuggestions.rejected(null, 'r', 'pa', error));
    expect(state.suggested).toEqual({ loading: false, error, data: [] });
  });

  it('an aborted suggestion request is ignored', () => {
    const pending = reduce(initialSearchState, fetchSuggestions.pending('r', 'pa'));
    const aborted = fetchSuggestions.rejected(new DOMException('aborted', 'AbortError'), 'r', 'pa');
    aborted.meta.aborted = true;
    expect(reduce(pending, aborted)).toEqual(pending);
  });

  it('clearing empties the list and resets the started flag', () => {
    const filled = reduce(
      reduce(initialSearchState, fetchSuggestions.pending('r', 'pa')),
      fetchSuggestions.fulfilled(suggestions, 'r', 'pa'),
    );
    const state = reduce(filled, clearSuggestions());
    expect(state.suggested.data).toEqual([]);
    expect(state.searchStarted).toBe(false);
  });

  it('searched recipes: loading at start, success stores the list', () => {
    const pending = reduce(initialSearchState, fetchSearchedRecipes.pending('r', 'pasta'));
    expect(pending.searched.loading).toBe(true);
    expect(reduce(pending, fetchSearchedRecipes.fulfilled([card], 'r', 'pasta')).searched).toEqual({
      loading: false,
      error: null,
      data: [card],
    });
  });

  it('searched recipes: failure empties the list and stores the error', () => {
    const withData: SearchState = { ...initialSearchState, searched: { loading: true, error: null, data: [card] } };
    expect(reduce(withData, fetchSearchedRecipes.rejected(null, 'r', 'pasta', error)).searched).toEqual({
      loading: false,
      error,
      data: [],
    });
  });
});
