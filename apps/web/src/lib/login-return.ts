import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Logging in from an action (a visitor's Save, a visitor's "Log in to review") returns to the page and finishes the
 * action there (docs/decisions/004). The log-in address carries both: `/login?next=/view-recipe/ID&action=save`.
 * Back on the page, the action travels in the router's state, which the page clears once it has acted, so a reload or
 * Back never repeats it.
 */
export const LOGIN_ACTIONS = ['save', 'review'] as const;
export type LoginAction = (typeof LOGIN_ACTIONS)[number];

/** What the router's state holds on the page a log-in returned to. */
interface ReturnState {
  afterLogin: LoginAction;
}

// Any origin would do: it is only there to tell a path of this site from an address elsewhere.
const HERE = 'https://forkful.invalid';
const AUTH_PAGES = new Set(['/login', '/signup']);

/**
 * `raw` as a path of this site to return to, or null: another origin ('//evil.example', 'https:…', '/\evil') is
 * refused, and so are the log-in and sign-up pages themselves, which would only loop.
 */
export function safeNext(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE || AUTH_PAGES.has(url.pathname.toLowerCase().replace(/\/+$/, ''))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function actionOf(raw: string | null): LoginAction | null {
  return (LOGIN_ACTIONS as readonly string[]).includes(raw ?? '') ? (raw as LoginAction) : null;
}

/** Where a log-in (or a sign-up) started from an action returns to, read from its address; null for a plain visit. */
export function loginReturnOf(search: URLSearchParams): { next: string; action: LoginAction | null } | null {
  const next = safeNext(search.get('next'));
  return next ? { next, action: actionOf(search.get('action')) } : null;
}

/** The query that carries a return: `?next=…&action=…`, or '' for none. */
export function returnQuery(back: { next: string; action?: LoginAction | null } | null): string {
  if (!back) return '';
  const query = new URLSearchParams({ next: back.next });
  if (back.action) query.set('action', back.action);
  return `?${query.toString()}`;
}

/** The log-in screen's address for an action started on the page at `next`. */
export function loginHref(next: string, action?: LoginAction): string {
  return `/login${returnQuery({ next, action })}`;
}

/** The router state that asks the page at the return address to finish `action`. */
export function returnState(action: LoginAction | null): ReturnState | undefined {
  return action ? { afterLogin: action } : undefined;
}

/** The current page's own address, to come back to after logging in. */
export function useHere(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/**
 * Whether the page was returned to after a log-in started from `action`, and a function that marks it done (it
 * replaces the history entry with one without the action, at the same address).
 */
export function usePendingLoginAction(action: LoginAction): [pending: boolean, done: () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = (location.state as Partial<ReturnState> | null)?.afterLogin === action;
  const { pathname, search, hash } = location;
  const done = useCallback(() => {
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [navigate, pathname, search, hash]);
  return [pending, done];
}
