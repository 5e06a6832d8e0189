import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { matchClientPage } from '@forkful/contracts';

/**
 * The chunks each lazy page of the web app needs beyond its start-up bundle, listed by the web build in
 * dist/.vite/route-chunks.json by the page's pattern in CLIENT_PAGES (`{ "/view-recipe/:recipeId": ["/assets/…js",
 * …] }`, docs/decisions/012). The page's HTML preloads them, so the route's code downloads beside the main script
 * instead of after it has run.
 */
export type RouteChunks = (pathname: string) => Promise<string[]>;

function parse(json: string): Map<string, string[]> {
  const listed: unknown = JSON.parse(json);
  if (!listed || typeof listed !== 'object') return new Map();
  return new Map(
    Object.entries(listed as Record<string, unknown>).flatMap(([route, chunks]) =>
      Array.isArray(chunks) &&
      chunks.every((chunk) => typeof chunk === 'string' && /^\/assets\/[\w.-]+\.js$/.test(chunk))
        ? [[route, chunks as string[]] as const]
        : [],
    ),
  );
}

export function routeChunksFor(webDist: string): RouteChunks {
  const file = path.join(webDist, '.vite', 'route-chunks.json');
  let cached: { mtimeMs: number; chunks: Map<string, string[]> } | undefined;
  return async (pathname) => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch {
      return []; // A build without the list (or none at all): the page simply loads its code itself.
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, chunks: parse(await readFile(file, 'utf8')) };
    const page = matchClientPage(pathname)?.page;
    return (page && cached.chunks.get(page.path)) ?? [];
  };
}
