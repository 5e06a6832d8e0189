// Writes .br and .gz next to every compressible file of the web build, so the server can send them pre-compressed
// (no compression work per request). Run after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    // Dot folders (.vite, .ssr) hold what the build and the server read, never what a browser is sent.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) walk(full);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(full).size > 512) {
      const bytes = readFileSync(full);
      writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}
walk(dir);
