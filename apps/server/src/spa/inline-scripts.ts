import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const RUNNABLE = new Set(['text/javascript', 'module']);

/** A script element the browser never runs: a data block such as the page data (`type="application/json"`). */
function isDataBlock(attributes: string): boolean {
  const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
  return type !== undefined && !RUNNABLE.has(type);
}

/**
 * The CSP source expressions ('sha256-…') of the scripts written inline in `html`: the content security policy
 * allows exactly these and no other inline script. index.html carries one, the tiny start-up script that picks what
 * the prerendered markup shows before the first paint (docs/decisions/015); as a file it cost a render-blocking
 * round trip. Scripts with a `src` and data blocks (`type="application/json"`) need no hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || isDataBlock(attributes) || content === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The hashes of the web build's index.html, or none when there is no build (an API-only server). */
export function inlineScriptHashesOf(indexFile: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(indexFile, 'utf8'));
  } catch {
    return [];
  }
}
