import { vi } from 'vitest';
import { ok, type Handler, type MockResponse } from './fetch-mock';

/** One multipart upload in flight; the test moves its progress and gives its answer. */
export interface PendingUpload {
  method: string;
  url: string;
  body: unknown;
  progress: (fraction: number) => void;
  answer: (response: MockResponse) => void;
}

/**
 * Mocks XMLHttpRequest, the network boundary of multipart uploads (the transport sends them that way to report
 * progress); everything above it is the real code. Returns the uploads sent so far, oldest first.
 */
export function mockUploads(): PendingUpload[] {
  const uploads: PendingUpload[] = [];

  class FakeXhr {
    upload: { onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader() {}

    abort() {
      this.onabort?.();
    }

    send(body: unknown) {
      uploads.push({
        method: this.method,
        url: this.url,
        body,
        progress: (fraction) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 }),
        answer: ({ status = 200, body: answer }) => {
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

export const UPLOAD_LIMITS_URL = '/api/v1/uploads/limits';

/**
 * A fetch handler for a screen that takes files: GET /uploads/limits answers `limit` (the largest upload in bytes,
 * or a response such as a failure), every other request goes to `rest`.
 */
export function withUploadLimit(limit: number | MockResponse, rest: Handler = () => ok(null)): Handler {
  return (url, init) =>
    url.pathname === UPLOAD_LIMITS_URL
      ? typeof limit === 'number'
        ? ok({ maxUploadBytes: limit })
        : limit
      : rest(url, init);
}

/** An image file of exactly `bytes` bytes. */
export function imageFile(bytes: number, name = 'photo.png', type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
