// Builds what is missing or out of date: the server and contracts (incremental tsc), and the web bundle when
// its sources are newer than the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIfNeeded() {
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  const webIndex = path.join(root, 'apps', 'web', 'dist', 'index.html');
  const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'apps', 'web')),
    newestMtime(path.join(root, 'packages', 'contracts', 'src')),
  );
  if (sources > builtAt) {
    console.info('Building the web app …');
    execFileSync(npm, ['run', 'build', '-w', '@forkful/web'], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
