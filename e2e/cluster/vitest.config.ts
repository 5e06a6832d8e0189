import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the cluster tests (issue 22), one file at a time; they start real processes (Forkful
// instances, HAProxy, s3rver) and must not compete with each other for the machine's two cores.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    reporters: ['verbose'],
  },
});
