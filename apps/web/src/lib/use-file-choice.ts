import { useRef, useState } from 'react';
import { resizeImage } from './resize-image';
import { useUploadLimit } from './upload-limit';
import { IMAGE_ONLY_MESSAGE, isImage, useObjectUrl } from './use-object-url';

/** Answers why a file is refused, or undefined to take it. */
export type FileRefusal = (file: File) => string | undefined;

export const imagesOnly: FileRefusal = (file) => (isImage(file) ? undefined : IMAGE_ONLY_MESSAGE);

interface FileChoiceOptions {
  /** The largest width the server keeps of this image: a wider one is resized to it here (resize-image.ts). */
  maxWidth?: number;
}

/**
 * One file field (a recipe photo, an avatar): a chosen file is checked, its type by `refuse` and its size against
 * the server's upload limit, before it is taken, so a refused file is neither previewed nor sent. A refusal empties
 * the field and shows why: what the form sends is never a file other than the one last chosen. With `maxWidth`, a
 * wider image is resized first, and the limit applies to what will be sent. `checking` is true while the limit is
 * being learned (the first choice only) or the image resized, so a form holds its submit for that moment.
 */
export function useFileChoice(refuse: FileRefusal, { maxWidth }: FileChoiceOptions = {}) {
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const latest = useRef<File | null>(null);
  const overLimit = useUploadLimit();
  const preview = useObjectUrl(file);

  const check = async (chosen: File) => {
    const typeRefusal = refuse(chosen);
    const prepared = !typeRefusal && maxWidth ? await resizeImage(chosen, maxWidth) : chosen;
    const refusal = typeRefusal ?? (await overLimit(prepared));
    // A file chosen (or a field cleared) meanwhile wins over this one.
    if (latest.current !== chosen) return;
    setChecking(false);
    setFieldError(refusal);
    setFile(refusal ? null : prepared);
  };

  const choose = (chosen: File) => {
    latest.current = chosen;
    setChecking(true);
    void check(chosen);
  };

  const clear = () => {
    latest.current = null;
    setChecking(false);
    setFile(null);
    setFieldError(undefined);
  };

  return { file, preview, fieldError, checking, choose, clear, showError: setFieldError };
}
