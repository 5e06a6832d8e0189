import { PAGE_DATA_ELEMENT_ID } from '@forkful/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecipeCard, makeRecipeList } from '@/test/factories';
import { mockFetch, ok } from '@/test/fetch-mock';

/** What the API answers when it is asked at all. */
let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch(() => ok({ fresh: true }));
});

describe('requestEarly with the answer the server put into the page', () => {
  const list = makeRecipeList([makeRecipeCard({ _id: 'r1', title: '</script><script>alert(1)</script>' })]);
  const envelope = { success: true, statusCode: 200, message: 'Success', data: list };

  /** The page as the server sends it, escaped the same way (src/spa/spa-pages.ts), and a fresh transport. */
  async function pageWith(url: string) {
    const text = JSON.stringify({ url, body: envelope }).replace(
      /[<>&\u2028\u2029]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${text}</script>`;
    vi.resetModules();
    return import('./transport');
  }

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('answers the matching request from the page, once, without fetching', async () => {
    const transport = await pageWith('/api/v1/recipes/all?limit=24&page=1');
    transport.requestEarly('/recipes/all', { page: 1, limit: 24 });
    await expect(transport.request('/recipes/all', { query: { page: 1, limit: 24 } })).resolves.toEqual(list);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();

    transport.requestEarly('/recipes/all', { page: 1, limit: 24 });
    await expect(transport.request('/recipes/all', { query: { page: 1, limit: 24 } })).resolves.toEqual({
      fresh: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the API when the page carries the answer to another request', async () => {
    const transport = await pageWith('/api/v1/recipes/all?page=2&limit=24');
    transport.requestEarly('/recipes/all', { page: 1, limit: 24 });
    await expect(transport.request('/recipes/all', { query: { page: 1, limit: 24 } })).resolves.toEqual({
      fresh: true,
    });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/recipes/all?page=1&limit=24');
  });

  it('ignores a page answer that is not readable', async () => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{not json</script>`;
    vi.resetModules();
    const transport = await import('./transport');
    transport.requestEarly('/recipes/1/view-recipe');
    await expect(transport.request('/recipes/1/view-recipe')).resolves.toEqual({ fresh: true });
  });
});

describe('the page data itself', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is read once and stays until a request claims it', async () => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"url":"/api/v1/x","body":1}</script>`;
    vi.resetModules();
    const pageData = await import('./page-data');
    expect(pageData.inlinePageData()).toEqual({ url: '/api/v1/x', body: 1 });
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
    expect(pageData.takePageData('/api/v1/y')).toBeUndefined();
    expect(pageData.takePageData('/api/v1/x')).toEqual({ body: 1 });
    expect(pageData.takePageData('/api/v1/x')).toBeUndefined();
  });

  it('compares requests whatever the order of their query parameters', async () => {
    const { sameRequest } = await import('./page-data');
    expect(sameRequest('/api/v1/a?page=1&limit=24', '/api/v1/a?limit=24&page=1')).toBe(true);
    expect(sameRequest('/api/v1/a?page=1', '/api/v1/a?page=2')).toBe(false);
  });
});
