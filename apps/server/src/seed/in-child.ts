// Demo content is seeded by a child process (cli/seed), not by the server itself: encoding the demo photos with
// sharp leaves the process that did it about 60 MB larger for good (glibc keeps what libvips freed), and the server
// is meant to idle small. The child exits when done and its memory goes with it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function seedInChildProcess(databaseUrl: string): Promise<void> {
  // The sibling file in the same form this module runs as: dist/cli/seed.js, or src/cli/seed.ts under tsx (whose
  // loader flags come along in execArgv).
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const script = fileURLToPath(new URL(`../cli/seed${extension}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`demo seeding failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}
