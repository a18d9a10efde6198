// Builds the web console (plain TypeScript, no framework) into dist/console, which addr serve
// serves at / (src/server/console-files.ts). Run by `npm run build` (and so by `npm install`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0, // the map outlines stay a file of their own, fetched when a map is first drawn
    modulePreload: { polyfill: false },
  },
});
