import { IMAGE_MIME_TYPES, type Recipe } from '@forkful/contracts';
import { useId, useState } from 'react';
import { RecipePhoto } from '@/components/recipe-card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { FileButton } from '@/components/ui/file-button';
import { FieldError } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RECIPE_PHOTO_MAX_WIDTH } from '@/lib/resize-image';
import { useAppDispatch } from '@/lib/store-hooks';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useImageUpload } from '@/lib/use-image-upload';
import { invalidateAfterUpload, updateRecipePhoto, useDeleteRecipePhotoMutation } from './recipes-api';

/**
 * Edit Photo tab (spec section 2): change, delete, upload, save, cancel. Save is offered only when it can do
 * something: with a photo on the recipe it waits for a new one to be chosen (saying so), and without one it
 * answers 'Photo is required' (spec section 5). Deleting the photo asks first.
 */
export function EditPhotoPanel({ recipe }: { recipe: Recipe }) {
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const hintId = useId();
  const [status, setStatus] = useState<string | null>(null);
  const photo = useImageUpload({
    upload: (file, onProgress, signal) => updateRecipePhoto(recipe._id, file, onProgress, signal),
    onUploaded: () => dispatch(invalidateAfterUpload(recipe._id)),
    maxWidth: RECIPE_PHOTO_MAX_WIDTH,
  });
  const { file, preview, fieldError, progress, error } = photo;
  const [deletePhoto] = useDeleteRecipePhotoMutation();
  const deletion = useConfirmedAction({
    run: () => deletePhoto(recipe._id),
    onDone: () => setStatus('Photo deleted.'),
    failureShown: 'in-dialog',
  });
  const busy = photo.uploading || photo.checking || deletion.dialog.busy;
  const hasPhoto = Boolean(recipe.recipePhoto);
  const waitingForChoice = hasPhoto && !file;

  const choose = (chosen: File) => {
    setStatus(null);
    photo.choose(chosen);
  };

  const save = async () => {
    setStatus(null);
    const outcome = await photo.save();
    if (outcome === 'saved') setStatus('Photo saved.');
    if (outcome === 'cancelled') setStatus('Upload cancelled. The recipe keeps its photo as it was.');
  };

  const askToDelete = () => {
    setStatus(null);
    deletion.ask();
  };

  return (
    <div className="space-y-5">
      <div className="aspect-[4/3] max-w-xl overflow-hidden rounded-2xl border border-line bg-cream">
        {preview ? (
          <img src={preview} alt="Preview of your upload" className="size-full object-cover" />
        ) : (
          <RecipePhoto recipe={recipe} eager sizes="(max-width: 640px) 100vw, 576px" className="size-full" />
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <FileButton
          accept={IMAGE_MIME_TYPES.join(',')}
          onFile={choose}
          disabled={busy}
          describedBy={fieldError ? `${fieldId}-error` : undefined}
          invalid={Boolean(fieldError)}
        >
          {hasPhoto || file ? 'Change photo' : 'Upload photo'}
        </FileButton>
        {hasPhoto && !file && (
          <Button variant="danger-ghost" onClick={askToDelete} disabled={busy}>
            Delete photo
          </Button>
        )}
      </div>
      <FieldError id={`${fieldId}-error`} message={fieldError} />
      {photo.checking && (
        <p role="status" className="text-sm text-ink-soft">
          Preparing photo…
        </p>
      )}
      {progress !== null && <ProgressBar value={progress} label="Uploading photo" onCancel={photo.abort} />}
      {error && <ErrorBox>Error: {error}</ErrorBox>}
      {status && (
        <p role="status" className="font-medium text-herb-600">
          {status}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
        <Button
          onClick={() => void save()}
          disabled={busy || waitingForChoice}
          aria-describedby={waitingForChoice ? hintId : undefined}
        >
          Save
        </Button>
        <Button variant="ghost" disabled={busy || !file} onClick={photo.cancel}>
          Cancel
        </Button>
        {waitingForChoice && (
          <p id={hintId} className="text-sm text-ink-soft">
            Choose a new photo to replace this one, then save.
          </p>
        )}
      </div>
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this photo?"
        text="The recipe will show 'Photo not available' until you upload a new one."
        confirmLabel="Delete photo"
        error={deletion.error && <ErrorBox>Error: {deletion.error}. Please try again.</ErrorBox>}
      />
    </div>
  );
}
