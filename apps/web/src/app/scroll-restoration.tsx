import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'forkful-scroll';
/** How long a restored position waits for the page to grow tall enough (data and photos still loading). */
const RESTORE_FOR_MS = 2000;

let positions: Map<string, number> | null = null;
let currentKey = '';
let currentAddress = '';

function start(): Map<string, number> {
  let saved: Array<[string, number]> = [];
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(parsed)) saved = parsed as Array<[string, number]>;
  } catch {
    // Nothing usable was kept: every page starts at the top.
  }
  const map = new Map(saved);
  window.history.scrollRestoration = 'manual';
  window.addEventListener('scroll', () => map.set(currentKey, window.scrollY), { passive: true });
  window.addEventListener('pagehide', () => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...map].slice(-50)));
    } catch {
      // Private mode or a full quota: positions are simply not kept across reloads.
    }
  });
  return map;
}

/** The key a page's position is kept under; the first page of a tab has no key of its own ('default'). */
function keyOf(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

// 'instant': the page's smooth scrolling is for in-page jumps, not for arriving on a page.
const scrollToTop = (top: number) => window.scrollTo({ top, behavior: 'instant' });

/** Scrolls to `top`, trying again each frame while the page is still too short, until the reader scrolls. */
function restore(top: number): () => void {
  const deadline = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) removeEventListener(type, stop);
  };
  const attempt = () => {
    scrollToTop(top);
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < deadline) frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    addEventListener(type, stop, { passive: true, once: true });
  }
  attempt();
  return stop;
}

/**
 * What React Router's ScrollRestoration does for its data router: a new page starts at the top (or at its #hash);
 * Back, Forward and a reload return to where the reader was.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    positions ??= start();
    const address = `${location.pathname}${location.search}${location.hash}`;
    const sameAddress = address === currentAddress;
    currentAddress = address;
    const previousKey = currentKey;
    currentKey = keyOf(location);
    // Replacing the entry without moving (a page clearing the action it finished after a log-in) is not arriving on a
    // page: the reader stays where they are, and their position moves to the new entry.
    if (navigationType === 'REPLACE' && sameAddress) {
      const kept = positions.get(previousKey);
      if (kept !== undefined) positions.set(currentKey, kept);
      return undefined;
    }
    const saved = navigationType === 'POP' ? positions.get(currentKey) : undefined;
    if (saved !== undefined) return restore(saved);
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ behavior: 'instant' });
    } else if (navigationType !== 'POP') scrollToTop(0);
    return undefined;
  }, [location, navigationType]);

  return null;
}
