import { IMAGE_MIME_TYPES } from '@forkful/contracts';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FileButton } from '@/components/ui/file-button';
import { FieldError } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { capitalise, reasonOf } from '@/lib/api-error';
import { RECIPE_PHOTO_MAX_WIDTH } from '@/lib/resize-image';
import { useAppDispatch } from '@/lib/store-hooks';
import { imagesOnly, useFileChoice } from '@/lib/use-file-choice';
import { RecipeForm } from './recipe-form';
import { emptyRecipeForm, type RecipeFormInput, type RecipeFormValues } from './recipe-form-schema';
import type { ImportedForm, ImportMode } from './import/import-panel';
import { createRecipe, invalidateAfterUpload } from './recipes-api';

// Issue 21: the import panel is its own chunk, fetched when the cook opens it.
const ImportPanel = lazy(() => import('./import/import-panel'));

type RecipeSource = ImportedForm['source'];

function toFormData(
  values: RecipeFormValues,
  publish: boolean,
  photo: File | null,
  source: RecipeSource | null,
): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('introduction', values.introduction);
  form.append('cookingTime', String(values.cookingTime));
  // Issue 17's additions: left out when not given, as a client of the spec's call would.
  if (values.servings !== null) form.append('servings', String(values.servings));
  if (values.yieldText !== null) form.append('yieldText', values.yieldText);
  values.ingredients.forEach(({ value }) => form.append('ingredients', value));
  values.steps.forEach(({ value }) => form.append('steps', value));
  form.append('isPublished', String(publish));
  // Issue 21: an imported recipe keeps the page it came from.
  if (source?.url) form.append('sourceUrl', source.url);
  if (source?.url && source.siteName) form.append('sourceSiteName', source.siteName);
  if (photo) form.append('recipePhoto', photo);
  return form;
}

export function AddRecipePage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const photoId = useId();
  const photo = useFileChoice(imagesOnly, { maxWidth: RECIPE_PHOTO_MAX_WIDTH });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const submitting = progress !== null;
  const [importMode, setImportMode] = useState<ImportMode | null>(null);
  const [imported, setImported] = useState<{ key: number; values: RecipeFormInput; warnings: string[] } | null>(null);
  const [source, setSource] = useState<RecipeSource | null>(null);

  const onImported = (result: ImportedForm) => {
    setImported((previous) => ({ key: (previous?.key ?? 0) + 1, values: result.values, warnings: result.warnings }));
    setSource(result.source.url ? result.source : null);
    if (result.photo) photo.choose(result.photo);
    setImportMode(null);
  };

  const onSubmit = async (values: RecipeFormValues, publish: boolean) => {
    setError(null);
    setCancelled(false);
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    try {
      const { _id } = await createRecipe(
        toFormData(values, publish, photo.file, source),
        setProgress,
        controller.signal,
      );
      dispatch(invalidateAfterUpload());
      void navigate(`/view-recipe/${_id}`);
    } catch (caught) {
      // Stopped by the user before the server had it all: nothing was saved, and the form keeps what was typed.
      if (controller.signal.aborted) setCancelled(true);
      // Spec section 8: on create the reason's first letter is capitalised.
      else setError(capitalise(reasonOf(caught)));
      setProgress(null);
    } finally {
      inFlight.current = null;
    }
  };

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">New recipe</p>
        <h1 className="mt-2 text-4xl font-bold">Share a recipe</h1>
        <p className="mt-3 text-ink-soft">
          Publish it for everyone, or save a draft that only you can see. Fields marked{' '}
          <span className="text-danger-600">*</span> are required.
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => setImportMode('link')} aria-expanded={importMode === 'link'}>
            Import from a link
          </Button>
          <span className="text-sm text-ink-soft">or</span>
          <Button variant="quiet" onClick={() => setImportMode('paste')} aria-expanded={importMode === 'paste'}>
            paste the page
          </Button>
        </div>
        {importMode && (
          <div className="mt-4">
            <Suspense fallback={<p role="status">Loading…</p>}>
              <ImportPanel
                mode={importMode}
                onModeChange={setImportMode}
                onImported={onImported}
                onClose={() => setImportMode(null)}
              />
            </Suspense>
          </div>
        )}
        {imported && (
          <div role="status" className="mt-4 rounded-2xl border border-brand-500/40 bg-white p-4 text-sm">
            <p className="font-semibold">
              Imported{source?.siteName ? ` from ${source.siteName}` : ''}: check every field, then publish or save a
              draft.
            </p>
            {imported.warnings.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-soft">
                {imported.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
            {source?.url && (
              <p className="mt-2 text-ink-soft">
                The recipe page will say &lsquo;Adapted from {source.siteName ?? source.url}&rsquo; with a link to the
                original.{' '}
                <Button variant="quiet" size="sm" className="h-auto px-0" onClick={() => setSource(null)}>
                  Leave the source out
                </Button>
              </p>
            )}
          </div>
        )}
        <div className="mt-8 rounded-3xl border border-line bg-white p-4 shadow-card sm:p-8">
          <RecipeForm
            key={imported?.key ?? 0}
            mode="create"
            defaultValues={imported?.values ?? emptyRecipeForm}
            submitting={submitting || photo.checking}
            onSubmit={(values, publish) => void onSubmit(values, publish)}
            onCancel={() => void navigate(-1)}
            footer={
              <>
                {progress !== null && (
                  <ProgressBar value={progress} label="Uploading recipe" onCancel={() => inFlight.current?.abort()} />
                )}
                {cancelled && (
                  <p role="status" className="font-medium text-ink">
                    Upload cancelled. Nothing was saved; your recipe is still here to send again.
                  </p>
                )}
                {error && <ErrorBox>Error: {error}</ErrorBox>}
              </>
            }
          >
            <div>
              <span className="mb-1.5 block text-sm font-semibold">
                Photo <span className="font-normal text-ink-soft">(optional)</span>
              </span>
              <div className="grid gap-4 sm:grid-cols-[14rem_1fr] sm:items-center">
                <div className="aspect-[4/3] overflow-hidden rounded-2xl border border-dashed border-line bg-cream">
                  {photo.preview ? (
                    <img src={photo.preview} alt="Preview of your upload" className="size-full object-cover" />
                  ) : (
                    <div className="grid size-full place-items-center text-sm text-ink-soft">No photo yet</div>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <FileButton
                    accept={IMAGE_MIME_TYPES.join(',')}
                    describedBy={photo.fieldError ? `${photoId}-error` : undefined}
                    invalid={Boolean(photo.fieldError)}
                    onFile={photo.choose}
                  >
                    {photo.file ? 'Change photo' : 'Choose photo'}
                  </FileButton>
                  {photo.file && (
                    <Button variant="ghost" onClick={photo.clear}>
                      Remove
                    </Button>
                  )}
                </div>
              </div>
              <FieldError id={`${photoId}-error`} message={photo.fieldError} />
              {photo.checking && (
                <p role="status" className="mt-1.5 text-sm text-ink-soft">
                  Preparing photo…
                </p>
              )}
            </div>
          </RecipeForm>
        </div>
      </div>
    </div>
  );
}
