import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineScriptHashesOf } from './inline-scripts.js';

// sha256 of "document.documentElement.classList.add('x')", base64 (printf '%s' … | openssl dgst -sha256 -binary | base64).
const CLASS_SCRIPT = "document.documentElement.classList.add('x')";
const CLASS_HASH = "'sha256-8G8UFFLe6k5gO6a7tg5ewBOtabQSfvEwkiVUxKxNQgw='";

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script, once', () => {
    const html = `<head><script>${CLASS_SCRIPT}</script></head><body><SCRIPT type="text/javascript">${CLASS_SCRIPT}</SCRIPT></body>`;
    expect(inlineScriptHashes(html)).toEqual([CLASS_HASH]);
    // One character more is another script, with another hash.
    expect(inlineScriptHashes(`<script>${CLASS_SCRIPT};</script>`)).not.toContain(CLASS_HASH);
  });

  it('needs no hash for scripts with a src, data blocks or empty elements', () => {
    const html = [
      '<script src="/a.js"></script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script type="application/json" id="forkful-page-data">{"url":"/x"}</script>',
      '<script></script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('reads the build: no index.html, no hash', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'forkful-inline-'));
    try {
      expect(inlineScriptHashesOf(path.join(dir, 'index.html'))).toEqual([]);
      writeFileSync(path.join(dir, 'index.html'), `<script>${CLASS_SCRIPT}</script>`);
      expect(inlineScriptHashesOf(path.join(dir, 'index.html'))).toEqual([CLASS_HASH]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
