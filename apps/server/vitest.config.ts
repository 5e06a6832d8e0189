import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@forkful/source'] },
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
