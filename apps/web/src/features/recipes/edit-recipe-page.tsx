import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { reasonOf } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { EditPhotoPanel } from './edit-photo-panel';
import { RecipeForm } from './recipe-form';
import { RecipeUnavailable } from './recipe-unavailable';
import type { RecipeFormValues } from './recipe-form-schema';
import { useGetRecipeQuery, useUpdateRecipeMutation } from './recipes-api';

type TabKey = 'photo' | 'details';

/** Edit a recipe (spec section 2): author only; anyone else is sent to the view page. */
export function EditRecipePage() {
  const { recipeId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data: recipe, error, isLoading, refetch } = useGetRecipeQuery(recipeId);
  const [updateRecipe, updateState] = useUpdateRecipeMutation();
  const [tab, setTab] = useState<TabKey>('details');
  const [saveError, setSaveError] = useState<string | null>(null);

  if (isLoading) {
    return (
      <div className="container-page py-12" aria-busy="true">
        <Skeleton className="h-10 w-2/3 max-w-lg" />
        <Skeleton className="mt-8 h-96 max-w-3xl" />
      </div>
    );
  }
  if (error || !recipe) return <RecipeUnavailable error={error} onRetry={() => void refetch()} />;
  if (!user || recipe.author._id !== user._id) return <Navigate to={`/view-recipe/${recipe._id}`} replace />;

  const onSubmit = async (values: RecipeFormValues, publish: boolean) => {
    setSaveError(null);
    const result = await updateRecipe({
      id: recipe._id,
      body: {
        title: values.title,
        introduction: values.introduction,
        cookingTime: String(values.cookingTime),
        servings: values.servings,
        yieldText: values.yieldText,
        ingredients: values.ingredients.map(({ value }) => value),
        steps: values.steps.map(({ value }) => value),
        isPublished: publish,
      },
    });
    if ('error' in result && result.error) setSaveError(reasonOf(result.error));
    else void navigate(`/view-recipe/${recipe._id}`);
  };

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <Link to={`/view-recipe/${recipe._id}`} className="text-sm font-semibold text-brand-700 hover:underline">
          ← Back to recipe
        </Link>
        <h1 className="mt-3 text-4xl font-bold">Edit recipe</h1>
        <p className="mt-2 text-ink-soft">
          {recipe.title} · currently {recipe.isPublished ? 'published' : 'a draft'}
        </p>
        <div className="mt-8 rounded-3xl border border-line bg-white p-4 shadow-card sm:p-8">
          <Tabs<TabKey>
            label="Edit recipe"
            active={tab}
            onChange={setTab}
            tabs={[
              { key: 'photo', label: 'Edit Photo', panel: <EditPhotoPanel recipe={recipe} /> },
              {
                key: 'details',
                label: 'Edit Details',
                panel: (
                  <RecipeForm
                    mode="edit"
                    published={recipe.isPublished}
                    submitting={updateState.isLoading}
                    defaultValues={{
                      title: recipe.title,
                      introduction: recipe.introduction,
                      cookingTime: String(recipe.cookingTime),
                      servings: recipe.servings === null ? '' : String(recipe.servings),
                      yieldText: recipe.yieldText ?? '',
                      ingredients: recipe.ingredients.map((value) => ({ value })),
                      steps: recipe.steps.map((value) => ({ value })),
                    }}
                    onSubmit={(values, publish) => void onSubmit(values, publish)}
                    onCancel={() => void navigate(`/view-recipe/${recipe._id}`)}
                    footer={saveError && <ErrorBox>Error: {saveError}</ErrorBox>}
                  />
                ),
              },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
