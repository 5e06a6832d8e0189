import type {
  CalendarLink,
  CopyWeekInput,
  CopyWeekResponse,
  CreateMealPlanEntryInput,
  DateRange,
  MealPlanEntry,
  MealPlanResponse,
  MealPlanSettings,
  RecipeCard,
  Suggestion,
  UpdateMealPlanEntryInput,
  UpdateMealPlanSettingsInput,
} from '@forkful/contracts';
import { api } from '@/lib/api';

export interface UpdateEntryArgs {
  id: string;
  changes: UpdateMealPlanEntryInput;
  /** The week on screen, whose cached entries move at once. */
  week: DateRange;
}

const enhanced = api.enhanceEndpoints({ addTagTypes: ['MealPlan', 'CalendarLink', 'MealPlanSettings'] });

export const mealPlanApi = enhanced.injectEndpoints({
  endpoints: (build) => ({
    getMealPlan: build.query<MealPlanResponse, DateRange>({
      query: ({ from, to }) => ({ url: '/meal-plan', query: { from, to } }),
      providesTags: ['MealPlan'],
    }),
    createMealPlanEntry: build.mutation<MealPlanEntry, CreateMealPlanEntryInput>({
      query: (body) => ({ url: '/meal-plan', method: 'POST', json: body }),
      // The shopping list's lines follow the plan on the server; the list refetches when it is next shown.
      invalidatesTags: ['MealPlan'],
    }),
    updateMealPlanEntry: build.mutation<MealPlanEntry, UpdateEntryArgs>({
      query: ({ id, changes }) => ({
        url: `/meal-plan/${encodeURIComponent(id)}`,
        method: 'PATCH',
        json: changes,
      }),
      // A drag and drop shows where the entry went at once; a refused move puts it back.
      async onQueryStarted({ id, changes, week }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          mealPlanApi.util.updateQueryData('getMealPlan', week, (draft) => {
            const entry = draft.entries.find((candidate) => candidate._id === id);
            if (!entry) return;
            if (changes.date !== undefined) entry.date = changes.date;
            if (changes.slot !== undefined) entry.slot = changes.slot;
            if (changes.servings !== undefined) entry.servings = changes.servings;
            if (changes.title !== undefined) entry.title = changes.title;
            entry.position = changes.position ?? Number.MAX_SAFE_INTEGER;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['MealPlan'],
    }),
    deleteMealPlanEntry: build.mutation<{ _id: string }, { id: string; week: DateRange }>({
      query: ({ id }) => ({ url: `/meal-plan/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted({ id, week }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          mealPlanApi.util.updateQueryData('getMealPlan', week, (draft) => {
            draft.entries = draft.entries.filter((entry) => entry._id !== id);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['MealPlan'],
    }),
    copyWeek: build.mutation<CopyWeekResponse, CopyWeekInput>({
      query: (body) => ({ url: '/meal-plan/copy-week', method: 'POST', json: body }),
      invalidatesTags: ['MealPlan'],
    }),
    getCalendarLink: build.query<CalendarLink, void>({
      query: () => '/meal-plan/calendar-link',
      providesTags: ['CalendarLink'],
    }),
    regenerateCalendarLink: build.mutation<CalendarLink, void>({
      query: () => ({ url: '/meal-plan/calendar-link', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(mealPlanApi.util.upsertQueryData('getCalendarLink', undefined, data));
      },
    }),
    /** The slot times (and event length) the calendar feed uses. */
    getMealPlanSettings: build.query<MealPlanSettings, void>({
      query: () => '/meal-plan/settings',
      providesTags: ['MealPlanSettings'],
    }),
    updateMealPlanSettings: build.mutation<MealPlanSettings, UpdateMealPlanSettingsInput>({
      query: (body) => ({ url: '/meal-plan/settings', method: 'PATCH', json: body }),
      // The answer is the whole settings: no second request for them.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(mealPlanApi.util.upsertQueryData('getMealPlanSettings', undefined, data));
      },
    }),
    /** The planner's own recipe search: the same call as the search box's suggestions. */
    findRecipesToPlan: build.query<{ recipes: Suggestion[] }, string>({
      query: (query) => ({ url: '/recipes/search', query: { query } }),
    }),
    /** The user's saved recipes, to plan from. */
    savedRecipesToPlan: build.query<{ recipes: RecipeCard[] }, void>({
      query: () => '/recipes/saved-recipes',
    }),
  }),
});

export const {
  useGetMealPlanQuery,
  useCreateMealPlanEntryMutation,
  useUpdateMealPlanEntryMutation,
  useDeleteMealPlanEntryMutation,
  useCopyWeekMutation,
  useGetCalendarLinkQuery,
  useRegenerateCalendarLinkMutation,
  useGetMealPlanSettingsQuery,
  useUpdateMealPlanSettingsMutation,
  useFindRecipesToPlanQuery,
  useSavedRecipesToPlanQuery,
} = mealPlanApi;
