import { PAGE_DATA_ELEMENT_ID, type PageData } from '@forkful/contracts';
import { EARLY_ANSWER_MS } from './early-requests';

/**
 * The answer the server put into the page's HTML for the page's first request (docs/decisions/011): read once, used
 * at most once, and only within the same few seconds as an early answer.
 */
let pageData: PageData | null | undefined;

function readPageData(): PageData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<PageData> | null;
    return data && typeof data.url === 'string' && 'body' in data ? { url: data.url, body: data.body } : null;
  } catch {
    return null;
  }
}

/** The same request whatever the order of its query parameters. */
export function sameRequest(a: string, b: string): boolean {
  const canonical = (url: string) => {
    const parsed = new URL(url, 'http://forkful.invalid');
    parsed.searchParams.sort();
    return `${parsed.pathname}${parsed.search}`;
  };
  return canonical(a) === canonical(b);
}

/**
 * The answer the page's HTML carries, if it has one and no request has claimed it yet; reading it here does not
 * claim it (main.tsx puts it into the data cache before a server-rendered page's first render, decision 014).
 */
export function inlinePageData(): PageData | null {
  if (pageData === undefined) {
    pageData = readPageData();
    setTimeout(() => (pageData = null), EARLY_ANSWER_MS);
  }
  return pageData;
}

/** The body of the HTML's answer if it answers `url` (an API address), claimed: nobody gets it twice. */
export function takePageData(url: string): { body: unknown } | undefined {
  inlinePageData();
  if (!pageData || !sameRequest(pageData.url, url)) return undefined;
  const { body } = pageData;
  pageData = null;
  return { body };
}
