// `npm start`: build what is missing, then run the server (which migrates, seeds demo content into an empty
// database and serves the SPA and the API).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildIfNeeded();
// glibc gives each thread that allocates its own malloc arena; sharp's image threads (demo photos, uploads) then leave
// memory behind that is never returned. Two arenas keep the idle server about 100 MB smaller (bench/results).
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.js')], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
