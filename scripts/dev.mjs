// `npm run dev`: the API in watch mode (tsx) and Vite with HMR, in one terminal. Vite proxies /api and /uploads.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', '@forkful/server'], { cwd: root, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', '@forkful/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
