import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // jsdom tests run in Vite's client environment, which reads `resolve.conditions` (node tests would need
    // `ssr.resolve.conditions`); '@forkful/source' makes them import the contracts' source, never a stale `dist`.
    conditions: ['@forkful/source', 'module', 'browser', 'development|production'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
