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

/**
 * The modules the start-up bundle loads (everything src/main.tsx imports statically, all the way down), recorded as
 * the build parses them, so that they can form one chunk (below) instead of a dozen slivers of 1–3 KB: rolldown
 * splits a module the entry and a lazy page share into a chunk of its own, and each such chunk is one more request
 * on the path to a page's first paint (issue 17: /view-recipe waited for 24 scripts where it had waited for 16).
 */
function startUpModules(): { plugin: PluginOption; has: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  let closure: Set<string> | null = null;
  return {
    plugin: {
      name: 'forkful:start-up-modules',
      apply: 'build',
      buildStart() {
        imports.clear();
        closure = null;
      },
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    },
    /**
     * Whether the start-up loads this module and it can go into the start-up chunk: the app's own code. The imports
     * recorded are all of a module's, before tree-shaking: a package or a contracts module the start-up imports for
     * one constant may carry schemas, zod or the whole messages table that only lazy pages use, which would then all
     * come with the start-up (tried: +1.1 KB gzip). The entry module stays the entry chunk's.
     */
    has(id) {
      if (!closure) {
        closure = new Set();
        const entry = [...imports.keys()].find((key) => key.endsWith('/src/main.tsx'));
        const queue = entry ? [entry] : [];
        while (queue.length > 0) {
          const next = queue.pop() as string;
          if (closure.has(next)) continue;
          closure.add(next);
          queue.push(...(imports.get(next) ?? []));
        }
      }
      if (!closure.has(id) || id.endsWith('/src/main.tsx')) return false;
      // The app's own code only (see above).
      return id.includes('/apps/web/src/');
    },
  };
}
const startUp = startUpModules();

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa(), startUp.plugin],
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
              priority: 2,
            },
            {
              // The rest of the start-up bundle's own modules, in one chunk (startUpModules above).
              name: 'start-up',
              test: (id: string) => startUp.has(id),
              includeDependenciesRecursively: false,
              priority: 1,
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
