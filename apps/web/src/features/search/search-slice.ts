import type { RecipeCard, Suggestion } from '@forkful/contracts';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toApiErrorShape, type ApiErrorShape } from '@/lib/api-error';
import { request } from '@/lib/transport';

export interface AsyncList<T> {
  loading: boolean;
  error: ApiErrorShape | null;
  data: T[];
}

/** Spec section 3, client state "search". */
export interface SearchState {
  /** Set by anyone who wants the search box focused; the box focuses itself and clears it. */
  focus: boolean;
  searchStarted: boolean;
  suggested: AsyncList<Suggestion>;
  searched: AsyncList<RecipeCard>;
}

export const initialSearchState: SearchState = {
  focus: false,
  searchStarted: false,
  suggested: { loading: false, error: null, data: [] },
  searched: { loading: false, error: null, data: [] },
};

type Rejectable = { rejectValue: ApiErrorShape };

export const fetchSuggestions = createAsyncThunk<Suggestion[], string, Rejectable>(
  'search/fetchSuggestions',
  async (query, { signal, rejectWithValue }) => {
    try {
      const { recipes } = await request<{ recipes: Suggestion[] }>('/recipes/search', { query: { query }, signal });
      return recipes;
    } catch (error) {
      return rejectWithValue(toApiErrorShape(error));
    }
  },
);

export const fetchSearchedRecipes = createAsyncThunk<RecipeCard[], string, Rejectable>(
  'search/fetchSearchedRecipes',
  async (name, { signal, rejectWithValue }) => {
    try {
      const data = await request<RecipeCard[] | { recipes: RecipeCard[] }>(
        `/recipes/view-recipe-by-name/${encodeURIComponent(name)}`,
        { signal },
      );
      return Array.isArray(data) ? data : data.recipes;
    } catch (error) {
      return rejectWithValue(toApiErrorShape(error));
    }
  },
);

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    setSearchFocus: (state, action: PayloadAction<boolean>) => {
      state.focus = action.payload;
    },
    clearSuggestions: (state) => {
      state.suggested.data = [];
      state.suggested.loading = false;
      state.suggested.error = null;
      state.searchStarted = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSuggestions.pending, (state) => {
        state.suggested.loading = true;
        state.suggested.error = null;
        state.searchStarted = true;
      })
      .addCase(fetchSuggestions.fulfilled, (state, action) => {
        state.suggested.loading = false;
        state.suggested.data = action.payload;
      })
      .addCase(fetchSuggestions.rejected, (state, action) => {
        // An aborted request was replaced by a newer one, whose result is the one that counts.
        if (action.meta.aborted) return;
        state.suggested.loading = false;
        state.suggested.error = action.payload ?? toApiErrorShape(action.error);
      })
      .addCase(fetchSearchedRecipes.pending, (state) => {
        state.searched.loading = true;
        state.searched.error = null;
      })
      .addCase(fetchSearchedRecipes.fulfilled, (state, action) => {
        state.searched.loading = false;
        state.searched.data = action.payload;
      })
      .addCase(fetchSearchedRecipes.rejected, (state, action) => {
        if (action.meta.aborted) return;
        state.searched.loading = false;
        state.searched.data = [];
        state.searched.error = action.payload ?? toApiErrorShape(action.error);
      });
  },
});

export const { setSearchFocus, clearSuggestions } = searchSlice.actions;
export const selectSearch = (state: { search: SearchState }) => state.search;
