import { fileTooLarge, uploadLimitsSchema, type UploadLimits } from '@forkful/contracts';
import { useCallback } from 'react';
import { api } from './api';

const uploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUploadLimits: build.query<UploadLimits | null, void>({
      query: () => '/uploads/limits',
      // An answer of another shape teaches nothing: the file goes and the server decides, as when the call fails.
      transformResponse: (data: unknown) => uploadLimitsSchema.safeParse(data).data ?? null,
      // The limit changes only when the server restarts with another MAX_UPLOAD_MB.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

/**
 * Checks a chosen file against the server's upload limit (GET /uploads/limits, asked when a first file is chosen and
 * then cached) and answers the server's own refusal (contracts' `fileTooLarge`) for a file over it, so a large photo
 * is refused before a byte of it is sent. When the limit cannot be learned the answer is no objection: the server
 * still checks, and refusing a file it would take is worse than refusing late.
 */
export function useUploadLimit(): (file: File) => Promise<string | undefined> {
  const [getLimits] = uploadsApi.useLazyGetUploadLimitsQuery();
  return useCallback(
    async (file: File) => {
      const { data } = await getLimits(undefined, true);
      return data && file.size > data.maxUploadBytes ? fileTooLarge(data.maxUploadBytes) : undefined;
    },
    [getLimits],
  );
}
