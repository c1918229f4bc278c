import { defineConfig } from 'vite';

/**
 * The console's build (docs/console.md): served by api-gateway at /console/, so every URL is under that
 * base. `npm run dev --workspace @zonewarden/console` serves it with hot reload and proxies the API to a
 * gateway (ZONEWARDEN_API, default http://127.0.0.1:9001): same origin, so the session cookie works.
 */
const api = process.env.ZONEWARDEN_API ?? 'http://127.0.0.1:9001';

export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Everything is under the CSP's 'self': no inline module-preload polyfill, no inlined assets.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/v2': api, '/console/session': api },
  },
});
