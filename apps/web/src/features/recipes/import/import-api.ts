import { API_BASE, type ImportRequest, type ImportResponse } from '@forkful/contracts';
import { request } from '@/lib/transport';

/** POST /recipes/import: a preview of the recipe a page holds (nothing is saved). */
export function importRecipe(body: ImportRequest, signal?: AbortSignal) {
  return request<ImportResponse>('/recipes/import', { method: 'POST', json: body, signal });
}

/**
 * POST /recipes/import/photo: one of the preview's photos, fetched by the server (the same address checks as the
 * page) and answered as JPEG bytes; the form then uploads it like a photo the cook chose. Undefined when it could
 * not be had: the recipe is imported without it.
 */
export async function importPhoto(url: string, signal?: AbortSignal): Promise<File | undefined> {
  try {
    const response = await fetch(`${API_BASE}/recipes/import/photo`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
      signal,
    });
    if (!response.ok || response.headers.get('content-type') !== 'image/jpeg') return undefined;
    return new File([await response.blob()], 'imported-photo.jpg', { type: 'image/jpeg' });
  } catch {
    return undefined;
  }
}
