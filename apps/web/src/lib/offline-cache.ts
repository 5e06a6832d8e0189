/*
 * What the service worker (src/service-worker/sw.ts) keeps of the API for reading offline, and how the page tells it
 * whose answers those are (docs/decisions/025). The worker cannot see the session cookies, so the page names the
 * signed-in user in a one-entry cache; the worker stores and serves API answers only in that user's own cache, and
 * a logout (or a session that ends) deletes them all. Without a named user the worker caches nothing of the API.
 */

/** The one-entry cache naming the signed-in user, written and deleted by the page. */
export const OFFLINE_USER_CACHE = 'forkful-offline-user';
export const OFFLINE_USER_KEY = '/__forkful/offline-user';
/** One cache per user: `forkful-api-<userId>`. */
export const API_CACHE_PREFIX = 'forkful-api-';

/**
 * The GET answers kept for offline reading: who is signed in, the shopping list and meal-plan ranges. Written out
 * rather than built from the contracts' API_BASE: the service worker imports this file, and the contracts would bring
 * zod into it (offline-cache.test.ts checks the prefix against API_BASE).
 */
export const OFFLINE_READABLE_PATHS: readonly string[] = [
  '/api/v1/users/current',
  '/api/v1/shopping-list',
  '/api/v1/meal-plan',
];

export function apiCacheName(userId: string): string {
  return `${API_CACHE_PREFIX}${encodeURIComponent(userId)}`;
}

function cachesAvailable(): boolean {
  return typeof caches !== 'undefined';
}

/** Names `userId` as the one whose answers may be kept, and deletes any other user's. */
export async function rememberOfflineUser(userId: string): Promise<void> {
  if (!cachesAvailable()) return;
  await deleteApiCaches(apiCacheName(userId));
  const meta = await caches.open(OFFLINE_USER_CACHE);
  await meta.put(OFFLINE_USER_KEY, new Response(userId, { headers: { 'Content-Type': 'text/plain' } }));
}

/** Logout, or a session that ended: nobody is named, and every kept API answer is deleted. */
export async function forgetOfflineData(): Promise<void> {
  if (!cachesAvailable()) return;
  await caches.delete(OFFLINE_USER_CACHE);
  await deleteApiCaches();
}

async function deleteApiCaches(keep?: string): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== keep).map((name) => caches.delete(name)),
  );
}
