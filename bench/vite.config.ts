import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The pipeline benchmark page (bench/pipeline) built to bench/dist; `npm run bench` builds and serves it.
 * Same plugins as the app (vite.config.ts): the candidate mounts the app's panels, which use Lingui macros.
 */
export default defineConfig({
  root: here('./pipeline'),
  base: './',
  plugins: [react(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    // Readable stacks in the rare case the page throws during a run.
    sourcemap: true,
    rolldownOptions: {
      // The candidate imports the panels directly, so their registry's lazy imports cannot split: expected.
      // Plugin timings: the lingui/babel transform is slow on a 2-core machine and says so on every build.
      checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
    },
  },
});
