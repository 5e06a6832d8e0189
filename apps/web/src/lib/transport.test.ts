import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { makeUser } from '@/test/factories';
import { ApiError } from './api-error';
import { onSessionExpired, request } from './transport';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends credentials to the versioned base and unwraps the envelope', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, statusCode: 200, message: 'ok', data: { n: 1 } }));
    await expect(request('/recipes/all', { query: { page: 2, limit: 24 } })).resolves.toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/recipes/all?page=2&limit=24');
    expect(init?.credentials).toBe('include');
  });

  it('sends JSON bodies with a content type and empty bodies without one', async () => {
    fetchMock.mockImplementation(async () => json(200, { success: true, statusCode: 200, message: 'ok', data: null }));
    await request('/users/login', { method: 'POST', json: { email: 'a@b.co' } });
    await request('/recipes/1/save-recipe', { method: 'POST' });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"email":"a@b.co"}' });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('normalises a failure, logs it and rethrows', async () => {
    allowConsoleError();
    fetchMock.mockResolvedValueOnce(json(403, { success: false, statusCode: 403, message: 'Not yours' }));
    const failure = request('/recipes/1/delete-recipe', { method: 'DELETE' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ statusCode: 403, reason: 'Not yours' });
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('rethrows a failure the caller names as not an error, without logging it', async () => {
    const notAnError = { statusCode: 404, reason: 'Review not found' };
    fetchMock.mockResolvedValueOnce(json(404, { success: false, statusCode: 404, message: 'Review not found' }));
    await expect(request('/reviews/view/u/r', { notAnError })).rejects.toMatchObject(notAnError);
    expect(console.error).not.toHaveBeenCalled();
    // Any other failure of the same request is still an error.
    allowConsoleError();
    fetchMock.mockResolvedValueOnce(json(404, { success: false, statusCode: 404, message: 'Recipe not found' }));
    await expect(request('/reviews/view/u/r', { notAnError })).rejects.toMatchObject({ reason: 'Recipe not found' });
    expect(console.error).toHaveBeenCalledWith('[api] 404 Recipe not found');
  });

  it('reports a network failure as no response', async () => {
    allowConsoleError();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('/recipes/all')).rejects.toMatchObject({
      reason: 'No response received from server',
      statusCode: 500,
    });
  });

  it('reports an aborted request as aborted, without an error log', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce((_url, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const pending = request('/recipes/search', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ reason: 'Request was aborted' });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('reports a body that cannot be built as a send failure', async () => {
    allowConsoleError();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(request('/x', { method: 'POST', json: circular })).rejects.toMatchObject({
      reason: 'Problem sending request to server',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('jwt expired', () => {
  const expired = () => json(401, { success: false, statusCode: 401, message: 'jwt expired' });
  const ok = (data: unknown) => json(200, { success: true, statusCode: 200, message: 'ok', data });

  it('refreshes once for concurrent callers and retries each', async () => {
    let refreshes = 0;
    const seen = new Map<string, number>();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/users/refresh-token')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return ok({ user: makeUser() });
      }
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      return count === 1 ? expired() : ok(url);
    });
    const results = await Promise.all([request('/a'), request('/b'), request('/c')]);
    expect(results).toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c']);
    expect(refreshes).toBe(1);
  });

  it('does not refresh again for a call whose expired answer comes after the refresh succeeded', async () => {
    let refreshes = 0;
    let releaseLate: () => void = () => undefined;
    const lateAnswered = new Promise<void>((resolve) => {
      releaseLate = resolve;
    });
    const seen = new Map<string, number>();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/users/refresh-token')) {
        refreshes += 1;
        return ok({ user: makeUser() });
      }
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      // '/late' was sent with the old cookie too, but its answer comes only once the refresh is done.
      if (url.endsWith('/late') && count === 1) {
        await lateAnswered;
        return expired();
      }
      return count === 1 ? expired() : ok(url);
    });
    const late = request('/late');
    await expect(request('/early')).resolves.toBe('/api/v1/early');
    releaseLate();
    await expect(late).resolves.toBe('/api/v1/late');
    expect(refreshes).toBe(1);
    expect(seen.get('/api/v1/late')).toBe(2);
  });

  it('gives up and announces the expired session when the refresh fails', async () => {
    allowConsoleError();
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/users/refresh-token')
        ? json(401, { success: false, statusCode: 401, message: 'Invalid refresh token' })
        : expired(),
    );
    await expect(request('/users/current')).rejects.toMatchObject({ statusCode: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not refresh for other 401 reasons', async () => {
    allowConsoleError();
    fetchMock.mockResolvedValueOnce(json(401, { success: false, statusCode: 401, message: 'Unauthorized' }));
    await expect(request('/users/current')).rejects.toMatchObject({ reason: 'Unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
