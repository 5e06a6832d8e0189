import { defineProject } from 'vitest/config';

export default defineProject({
  // Node tests run in Vite's server environment, which reads `ssr.resolve.conditions` (see apps/server's config).
  ssr: { resolve: { conditions: ['@forkful/source', 'module', 'node', 'development|production'] } },
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.test.ts'] },
});
