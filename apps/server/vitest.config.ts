import { defineProject } from 'vitest/config';

export default defineProject({
  // Tests run in Vite's server (SSR) environment, which since Vite 6 reads `ssr.resolve.conditions`, not
  // `resolve.conditions`; Vitest also hands these to the worker processes as Node's `--conditions`. Without
  // '@forkful/source' the contracts resolve to their compiled `dist`: stale after an edit, missing before a build.
  // The rest is Vite's default list for the server environment, which this option replaces rather than extends.
  ssr: { resolve: { conditions: ['@forkful/source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own database; files run in parallel forks, tests in a file one after another.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
