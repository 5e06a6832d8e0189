import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = 'http://localhost:3000';
// The Host header stays the page's own (no changeOrigin): the API refuses requests whose Origin differs from Host.
const proxy = {
  '/api': { target: apiTarget },
  '/uploads': { target: apiTarget },
};

/**
 * The installable app and its service worker (docs/decisions/025). Only the browser build makes one: the drawing
 * bundle (scripts/prerender.mjs, an SSR build of this config) and the dev server do not. The page registers the
 * worker itself after load (src/app/offline/offline-support.tsx), so nothing is added to the start-up scripts.
 */
function pwa(): PluginOption[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'Forkful',
      short_name: 'Forkful',
      description: 'Forkful: discover, cook and share recipes with a community of home cooks.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#fbf6ef',
      background_color: '#fbf6ef',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Meal planner', url: '/meal-planner' },
        { name: 'Shopping list', url: '/shopping-list' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      globIgnores: ['.ssr/**', '.vite/**'],
    },
  }).map((plugin) => ({
    ...plugin,
    apply: (_config, env) =>
      !env.isSsrBuild &&
      (plugin.apply === undefined || typeof plugin.apply !== 'string' || plugin.apply === env.command),
  }));
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa()],
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
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework every page runs on, in one chunk of the start-up bundle instead of five (react,
              // react-router, the store's core, …) plus slivers of app code split off beside them: about 1.5 KB gzip
              // less to start the landing page (issue 15), and a file that stays cached from one release to the next.
              // Only modules the start-up bundle loaded anyway: RTK Query, reselect and zod stay with the pages that
              // use them (no dependencies pulled in). The drawing bundle (SSR) keeps these packages external.
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|immer|use-sync-external-store)[\\/]|node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit\./,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // The contracts' zod schemas are built at module top level; without this hint the landing page would ship
        // zod just to read a constant. The contracts package has no side effects of its own.
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
