import { API_BASE } from './constants.js';
import { chunkOf, parsePage, type PageData } from './pages.js';

/*
 * The web app's pages, written once for both sides (docs/decisions/014): the server answers each path with a route
 * of its own, preloads the page's code and, for the pages it draws, puts the answer to the page's first request into
 * the HTML; the browser's router loads the same code and starts the same requests while it checks the current user.
 */

// The contracts compile without the DOM's or Node's types; both sides have these globals.
declare const URLSearchParams: new () => { set: (name: string, value: string) => void; toString: () => string };

/** What a page's requests depend on in its address: `URL` on both sides. */
export interface PageUrl {
  searchParams: { get: (name: string) => string | null };
}

/** A GET of the API, as the web client's `request(path, { query })` takes it. */
export interface ApiRequest {
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
}

/** The address of `request`, exactly as the web client builds it: the server keys a page's answer by it. */
export function apiUrl({ path, query }: ApiRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** A path's parameters, decoded as React Router's `useParams` gives them. */
export type PageParams = Record<string, string | undefined>;

export interface ClientPage {
  /** React Router's pattern: literal and `:param` segments. */
  path: string;
  /** The page's file under apps/web/src/app/routes/, loaded on demand; null for the landing page, in the start-up bundle. */
  module: string | null;
  /**
   * The API requests the page makes as soon as it shows, started on the first page load while its code downloads.
   * The first is the page's main data: on a drawn page its answer travels in the HTML.
   */
  firstRequests?: (url: PageUrl, params: PageParams) => ApiRequest[];
  /** The server draws the page from that first answer, which is the same for every visitor (decision 011). */
  drawn?: true;
}

/** The recipe list asks for the chunk of 24 that holds its screen page (spec sections 4 and 9). */
function recipeListRequests(url: PageUrl): ApiRequest[] {
  const { page, limit } = chunkOf(parsePage(url.searchParams.get('page')));
  return [{ path: '/recipes/all', query: { page, limit } }];
}

function viewRecipeRequests(_url: PageUrl, { recipeId }: PageParams): ApiRequest[] {
  if (!recipeId) return [];
  const id = encodeURIComponent(recipeId);
  // The first page of reviews too: otherwise it is asked for only once the page has rendered (or been adopted), a
  // round trip after the page could already show it (reviews-api.ts, getReviews, makes the same request).
  return [{ path: `/recipes/${id}/view-recipe` }, { path: `/reviews/view-all/${id}`, query: { page: 1 } }];
}

/** Spec section 2's routes. */
export const CLIENT_PAGES = [
  { path: '/', module: null },
  { path: '/home', module: null },
  { path: '/features', module: 'features-route' },
  { path: '/about', module: 'about-route' },
  { path: '/login', module: 'login-route' },
  { path: '/signup', module: 'signup-route' },
  { path: '/recipes', module: 'recipes-route', firstRequests: recipeListRequests, drawn: true },
  { path: '/searched-recipes', module: 'searched-recipes-route' },
  { path: '/add-recipe', module: 'add-recipe-route' },
  { path: '/edit-recipe/:recipeId', module: 'edit-recipe-route' },
  { path: '/view-recipe/:recipeId', module: 'view-recipe-route', firstRequests: viewRecipeRequests, drawn: true },
  { path: '/users/profile/:userId', module: 'profile-route' },
  // Issue 18: a logged-in cook's own pages (no first requests: their answers depend on who asks and on the cook's
  // own today, which the page knows only once it runs).
  { path: '/meal-planner', module: 'meal-planner-route' },
  { path: '/shopping-list', module: 'shopping-list-route' },
  // Issue 19: more of the landing page's 'Recommended for you' row.
  { path: '/recommended', module: 'recommended-route' },
] as const satisfies readonly ClientPage[];

export type DrawnPage = Extract<(typeof CLIENT_PAGES)[number], { drawn: true }>;
/** The patterns of the pages the server draws: each side keys what it does for them by these. */
export type DrawnPagePath = DrawnPage['path'];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // React Router, too, keeps a segment it cannot decode as it is.
  }
}

/**
 * The page at `pathname` and its parameters, matched as React Router matches these patterns: any letter case, with
 * or without a trailing slash, each `:param` one whole segment.
 */
export function matchClientPage(pathname: string): { page: ClientPage; params: PageParams } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (const page of CLIENT_PAGES as readonly ClientPage[]) {
    const pattern = page.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: PageParams = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) params[part.slice(1)] = decoded(segment);
      return part.startsWith(':') || part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { page, params };
  }
  return undefined;
}

/**
 * What the web build's server bundle (apps/web/src/prerender.tsx, built into dist/.ssr/prerender.js) exports as its
 * default: the build reads the first two, the server the last two.
 */
export interface ServerBundle {
  /** The landing page as a visitor first sees it, written into index.html (decision 009). */
  renderLanding: () => string;
  /** Each lazy page's route module and the other sources it needs; the build lists their chunks (decision 012). */
  routeModules: ReadonlyArray<{ path: string; module: string; extra: readonly string[] }>;
  /** Loads the code of the pages `renderPage` draws, so the first drawing is as quick as the next. */
  preparePages: () => Promise<void>;
  /** The markup of a drawn page from the answer its HTML carries; null when that answer is not the page's. */
  renderPage: (href: string, data: PageData) => Promise<string | null>;
}
