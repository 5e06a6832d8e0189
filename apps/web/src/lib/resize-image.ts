import { IMAGE_WIDTHS } from '@forkful/contracts';

/** The widest variant the server keeps of a recipe photo: a wider upload only costs time on the way. */
export const RECIPE_PHOTO_MAX_WIDTH = Math.max(...IMAGE_WIDTHS);

/** Encoder quality of the resized copy: the server re-encodes it, so this copy keeps detail for that second pass. */
const QUALITY = 0.9;

/**
 * A photo wider than `maxWidth` (the largest width the server keeps) is redrawn at that width before it is sent: a
 * 3 MB phone photo becomes a few hundred KB and the server's result is the same. The picture is drawn the way it is
 * shown (its EXIF orientation applied, since the copy carries no EXIF), never made larger, and encoded as WebP, or
 * JPEG where the browser cannot write WebP. Whatever cannot be decoded here, or would not get smaller, is sent as
 * it is and the server decides.
 */
export async function resizeImage(file: File, maxWidth: number): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (bitmap.width <= maxWidth) return file;
    const height = Math.max(1, Math.round((bitmap.height * maxWidth) / bitmap.width));
    const blob = await draw(bitmap, maxWidth, height);
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

async function draw(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const webp = await toBlob(canvas, 'image/webp');
  if (webp?.type === 'image/webp') return webp;
  // A browser that cannot write WebP hands back a PNG, larger than the photo; JPEG has no transparency, so what was
  // transparent goes on white rather than black.
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  return toBlob(canvas, 'image/jpeg');
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

function renamed(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : 'jpg';
  const stem = name.replace(/\.[^.]*$/, '') || 'photo';
  return `${stem}.${extension}`;
}
