import { useEffect, useState } from 'react';

/** A preview for a chosen image file (a data URL, so there is nothing to revoke). */
export function useObjectUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

export const IMAGE_ONLY_MESSAGE = 'Only image files are allowed';

export function isImage(file: File): boolean {
  return file.type.startsWith('image/');
}
