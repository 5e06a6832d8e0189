import type { AcceptedFormats, ImageKind, ImageService, ImageSource } from './images.js';

/** What a database write did: its result, and the image key it replaced or dropped (null when none). */
interface ImageWrite<T> {
  result: T;
  replacedKey: string | null;
}

/** An uploaded image on its way to storage. */
interface ImageUpload {
  bytes: ImageSource;
  accepted?: AcceptedFormats;
}

/**
 * The one workflow for a row that points at an image: store the new image (when there is one), write the row with
 * its key, and keep files only as the write decides. A write that fails takes the new files with it; a write that
 * commits takes the files of the image it replaced. Files go only after the commit, so a crash can leave an
 * unreachable file behind, never a row whose image is gone.
 */
export async function writeWithImage<T>(
  images: ImageService,
  kind: ImageKind,
  upload: ImageUpload | undefined,
  write: (key: string | null) => Promise<ImageWrite<T>>,
): Promise<T> {
  const key = upload ? await images.store(kind, upload.bytes, upload.accepted) : null;
  let written: ImageWrite<T>;
  try {
    written = await write(key);
  } catch (error) {
    if (key) await images.remove(kind, key);
    throw error;
  }
  if (written.replacedKey) await images.remove(kind, written.replacedKey);
  return written.result;
}
