import { messages } from '@forkful/contracts';
import { useState } from 'react';
import { reasonOf } from './api-error';
import type { MutationOutcome } from './use-confirmed-action';
import { imagesOnly, useFileChoice } from './use-file-choice';

interface ImageUploadOptions<R> {
  /** Sends the chosen file, reporting its progress (0..1). */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<R>;
  onUploaded: (result: R) => void;
}

/**
 * The state of a panel that changes one image (a recipe's photo, an avatar): choose a file (images within the
 * server's upload limit) and see its preview, save it with progress, cancel it, or remove the current image. Errors
 * are kept apart: `fieldError` belongs to the file field, `error` is the reason a save or removal failed.
 */
export function useImageUpload<R>({ upload, onUploaded }: ImageUploadOptions<R>) {
  const { file, preview, fieldError, checking, choose, clear, showError } = useFileChoice(imagesOnly);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setError(null);
    if (!file) {
      showError(messages.photoRequired);
      return;
    }
    setProgress(0);
    try {
      const result = await upload(file, setProgress);
      onUploaded(result);
      clear();
    } catch (caught) {
      setError(reasonOf(caught));
    } finally {
      setProgress(null);
    }
  };

  /** Runs the removal of the current image (a mutation) and shows its failure like a failed save. */
  const remove = async <D>(run: () => PromiseLike<MutationOutcome<D>>): Promise<MutationOutcome<D>> => {
    setError(null);
    const result = await run();
    if (result.error) setError(reasonOf(result.error));
    return result;
  };

  return {
    file,
    preview,
    fieldError,
    progress,
    uploading: progress !== null,
    checking,
    error,
    choose,
    save,
    cancel: clear,
    remove,
  };
}
