/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { apiCacheName, OFFLINE_READABLE_PATHS, OFFLINE_USER_CACHE, OFFLINE_USER_KEY } from '../lib/offline-cache';

/*
 * Forkful's service worker (docs/decisions/025), built by vite-plugin-pwa (injectManifest):
 * - the app shell (index.html, every script, the stylesheet, fonts and icons) is precached, so the app starts
 *   without a network;
 * - a page load goes to the network as before (the server draws some pages with their data, docs/decisions/014);
 *   only when the network fails is the precached index.html answered, and the app draws the page itself;
 * - GET answers of who is signed in, the shopping list and meal-plan ranges are kept per user (network first) in
 *   that user's own cache, named by the page (src/lib/offline-cache.ts), and answered from it only when the network
 *   fails. Nothing else of the API is touched: writes, other reads and uploads go to the network untouched.
 */
declare const self: ServiceWorkerGlobalScope;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/uploads/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  },
);

async function signedInUser(): Promise<string | null> {
  const meta = await caches.open(OFFLINE_USER_CACHE);
  const entry = await meta.match(OFFLINE_USER_KEY);
  return entry ? await entry.text() : null;
}

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && OFFLINE_READABLE_PATHS.includes(url.pathname),
  async ({ request }) => {
    const userId = await signedInUser();
    // Nobody named: the answer is nobody's to keep.
    if (!userId) return fetch(request);
    const cacheName = apiCacheName(userId);
    try {
      const response = await fetch(request);
      // Only a good answer is kept; a 401 means the session ended, and the page then deletes the cache.
      // The page may have logged out (deleting the cache) while this answer was on its way: it is kept only if the
      // same user is still named.
      if (response.ok && (await signedInUser()) === userId) {
        await (await caches.open(cacheName)).put(request, response.clone());
      }
      return response;
    } catch (error) {
      const kept = await caches.match(request, { cacheName, ignoreVary: true });
      if (kept) return kept;
      throw error;
    }
  },
);
