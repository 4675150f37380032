import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The builder benchmark page (bench/builder/page) built to bench/builder/dist; run.mjs builds and serves it. */
export default defineConfig({
  root: here('./page'),
  base: './',
  plugins: [react(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] })],
  logLevel: 'warn',
  build: { outDir: here('./dist'), emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
