import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The browser page of bench:replay (bench/replay/browser), built to bench/replay/dist by bench/replay/browser.ts. */
export default defineConfig({
  root: here('./browser'),
  base: './',
  worker: { format: 'es' },
  logLevel: 'warn',
  build: { outDir: here('./dist'), emptyOutDir: true, sourcemap: true },
});
