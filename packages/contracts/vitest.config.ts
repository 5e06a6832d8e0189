import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@forkful/source'] },
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.test.ts'] },
});
