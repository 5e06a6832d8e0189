import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';
// The Host header stays the page's own (no changeOrigin): the API refuses requests whose Origin differs from Host.
const proxy = {
  '/api': { target: apiTarget },
  '/uploads': { target: apiTarget },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Workspace packages resolve to their TypeScript source, so no build step sits between contracts and the web.
    conditions: ['@forkful/source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy,
  },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/prerender.mjs lists each lazy page's chunks from it for the server.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contracts' zod schemas are built at module top level; without this hint the landing page would ship
        // zod just to read a constant. The contracts package has no side effects of its own.
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
