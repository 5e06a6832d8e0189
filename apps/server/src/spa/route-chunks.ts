import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The chunks each lazy page of the web app needs beyond its start-up bundle, listed by the web build in
 * dist/.vite/route-chunks.json as `{ "/view-recipe/:recipeId": ["/assets/…js", …] }` (docs/decisions/012). The page's
 * HTML preloads them, so the route's code downloads beside the main script instead of after it has run.
 */
export type RouteChunks = (pathname: string) => Promise<string[]>;

interface Pattern {
  segments: string[];
  chunks: string[];
}

function parse(json: string): Pattern[] {
  const listed: unknown = JSON.parse(json);
  if (!listed || typeof listed !== 'object') return [];
  return Object.entries(listed as Record<string, unknown>).flatMap(([route, chunks]) =>
    Array.isArray(chunks) && chunks.every((chunk) => typeof chunk === 'string' && /^\/assets\/[\w.-]+\.js$/.test(chunk))
      ? [{ segments: route.split('/').filter(Boolean), chunks: chunks as string[] }]
      : [],
  );
}

/** React Router's matching for these simple patterns: literal segments and `:param` segments, no splats. */
function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase())
  );
}

export function routeChunksFor(webDist: string): RouteChunks {
  const file = path.join(webDist, '.vite', 'route-chunks.json');
  let cached: { mtimeMs: number; patterns: Pattern[] } | undefined;
  return async (pathname) => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch {
      return []; // A build without the list (or none at all): the page simply loads its code itself.
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, patterns: parse(await readFile(file, 'utf8')) };
    const segments = pathname.split('/').filter(Boolean);
    return cached.patterns.find((pattern) => matches(pattern.segments, segments))?.chunks ?? [];
  };
}
