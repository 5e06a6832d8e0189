import { IMAGE_MIME_TYPES, type Recipe } from '@forkful/contracts';
import { useId, useState } from 'react';
import { RecipePhoto } from '@/components/recipe-card';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FileButton } from '@/components/ui/file-button';
import { FieldError } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useAppDispatch } from '@/lib/store-hooks';
import { useImageUpload } from '@/lib/use-image-upload';
import { invalidateAfterUpload, updateRecipePhoto, useDeleteRecipePhotoMutation } from './recipes-api';

/** Edit Photo tab (spec section 2): change, delete, upload, save, cancel. */
export function EditPhotoPanel({ recipe }: { recipe: Recipe }) {
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const photo = useImageUpload({
    upload: (file, onProgress) => updateRecipePhoto(recipe._id, file, onProgress),
    onUploaded: () => {
      dispatch(invalidateAfterUpload(recipe._id));
      setSaved('Photo saved.');
    },
  });
  const { file, preview, fieldError, progress, error } = photo;
  const [deletePhoto, deleteState] = useDeleteRecipePhotoMutation();
  const busy = photo.uploading || photo.checking || deleteState.isLoading;

  const choose = (chosen: File) => {
    setSaved(null);
    photo.choose(chosen);
  };

  const save = () => {
    setSaved(null);
    void photo.save();
  };

  const remove = async () => {
    setSaved(null);
    const result = await photo.remove(() => deletePhoto(recipe._id));
    if (!result.error) setSaved('Photo deleted.');
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
          {recipe.recipePhoto || file ? 'Change photo' : 'Upload photo'}
        </FileButton>
        {recipe.recipePhoto && !file && (
          <Button variant="danger-ghost" onClick={() => void remove()} disabled={busy}>
            Delete photo
          </Button>
        )}
      </div>
      <FieldError id={`${fieldId}-error`} message={fieldError} />
      {progress !== null && <ProgressBar value={progress} label="Uploading photo" />}
      {error && <ErrorBox>Error: {error}</ErrorBox>}
      {saved && (
        <p role="status" className="font-medium text-herb-600">
          {saved}
        </p>
      )}
      <div className="flex gap-3 border-t border-line pt-5">
        <Button onClick={save} disabled={busy}>
          Save
        </Button>
        <Button variant="ghost" disabled={busy || !file} onClick={photo.cancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
