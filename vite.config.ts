/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

/** Browser build, dev server (proxying the API to the server on :8080) and the unit-test projects. */
export default defineConfig({
  // Relative addresses: one build serves at the root or under any BASE_PATH (docs/operations.md "Serving under a sub-path").
  base: './',
  plugins: [
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    // Offline app shell (docs/product.md "Shell and session"): the built files are precached; a new worker waits until the user
    // chooses Refresh (registerType 'prompt', src/app/shell/pwa.ts registers it). API calls and the live
    // socket are never cached: boards keep their last data in memory, not stale answers from a cache.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'SiteBoard',
        short_name: 'SiteBoard',
        description: 'Real-time construction-site dashboards',
        theme_color: '#00b589',
        background_color: '#050b18',
        display: 'fullscreen',
        start_url: './',
        scope: './',
        icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: 'index.html',
        // not anchored: under a BASE_PATH these follow it
        navigateFallbackDenylist: [/\/zhgd\//, /\/socket\.io\//, /\/nav\//, /\/metrics$/, /\/docs\/api/, /\/openapi\.json$/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es' },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/zhgd': 'http://localhost:8080',
      '/socket.io': { target: 'ws://localhost:8080', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Simulator runs: on a shared 2-core machine under load a file took 10-17 s, over Vitest's 5 s/10 s
          // defaults; a failure here must be a fault, not a slow machine. Tests that start a server, a broker
          // or a database are integration tests (tests/integration, vitest.integration.config.ts).
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['{protocol,server,streams,workers,fixtures,scripts}/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          // On a shared 2-core machine a test's waits (up to the 15 s of src/test/setup.ts) must fit inside
          // the test's own limit. Browser code against a real server: tests/integration/src.
          testTimeout: 30_000,
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
