import { messages } from '@forkful/contracts';
import { useRef, useState } from 'react';
import { reasonOf } from './api-error';
import type { MutationOutcome } from './use-confirmed-action';
import { imagesOnly, useFileChoice } from './use-file-choice';

interface ImageUploadOptions<R> {
  /** Sends the chosen file, reporting its progress (0..1); `signal` aborts it. */
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<R>;
  onUploaded: (result: R) => void;
  /** The largest width the server keeps of this image; a wider one is resized before it is sent. */
  maxWidth?: number;
}

/** How a save ended: the image is stored, the user stopped it, or it failed (`error` says why). */
export type SaveOutcome = 'saved' | 'cancelled' | 'failed';

/**
 * The state of a panel that changes one image (a recipe's photo, an avatar): choose a file (images within the
 * server's upload limit) and see its preview, save it with progress, stop a save on its way (`abort`), cancel the
 * choice, or remove the current image. Errors are kept apart: `fieldError` belongs to the file field, `error` is the
 * reason a save or removal failed.
 */
export function useImageUpload<R>({ upload, onUploaded, maxWidth }: ImageUploadOptions<R>) {
  const { file, preview, fieldError, checking, choose, clear, showError } = useFileChoice(imagesOnly, { maxWidth });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const save = async (): Promise<SaveOutcome | undefined> => {
    setError(null);
    if (!file) {
      showError(messages.photoRequired);
      return undefined;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    try {
      const result = await upload(file, setProgress, controller.signal);
      onUploaded(result);
      clear();
      return 'saved';
    } catch (caught) {
      // Stopped by the user: not a failure, and the chosen file stays for another try.
      if (controller.signal.aborted) return 'cancelled';
      setError(reasonOf(caught));
      return 'failed';
    } finally {
      inFlight.current = null;
      setProgress(null);
    }
  };

  /** Stops the upload on its way; the server drops what it received of it. */
  const abort = () => inFlight.current?.abort();

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
    abort,
    cancel: clear,
    remove,
  };
}
