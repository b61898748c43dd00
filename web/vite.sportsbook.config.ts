import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The built-in sportsbook's own small app (issue 17), framed by the site at /spor, /livespor and
// their /fcg (High Rate) pages as an outside sportsbook would be. React, rendered with Preact's
// compat layer in the production build as the main app is (vite.config.ts); built beside the app
// into dist/sportsbook/ (index.html, files under dist/sportsbook/assets/), which the server answers
// for /sportsbook/. Runs after the app's build, so it must not empty dist/. Only external scripts
// and styles: the server's CSP runs no inline script.
const root = fileURLToPath(new URL('./sportsbook', import.meta.url));
const server = process.env.KASA_API ?? 'http://127.0.0.1:8080';

const preactInBuild = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root,
  base: '/sportsbook/',
  publicDir: false,
  plugins: [react()],
  resolve: { alias: command === 'build' ? preactInBuild : [] },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': server },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/sportsbook', import.meta.url)),
    emptyOutDir: false,
    assetsDir: 'assets',
    // Fonts stay files (the CSP allows fonts from the site only, not data: URLs).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    modulePreload: { polyfill: false },
  },
}));
