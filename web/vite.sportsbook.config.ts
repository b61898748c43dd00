import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import {
  fontsStayFiles,
  pageInputs,
  preactInBuild,
  sharedAlias,
  templatePages,
  type Page,
} from './vite.common.ts';

// The built-in sportsbook's own small app (issue 17), framed by the site at /spor, /livespor and
// their /fcg (High Rate) pages as an outside sportsbook would be. React, rendered with Preact's
// compat layer in the production build as the main app is (vite.common.ts); built beside the app
// into dist/sportsbook/ (index.html, made from shared/page.html as the games' pages are, and files
// under dist/sportsbook/assets/), which the server answers for /sportsbook/. Runs after the app's
// build, so it must not empty dist/. Only external scripts and styles: the server's CSP runs no
// inline script.
const root = fileURLToPath(new URL('./sportsbook', import.meta.url));
const server = process.env.KASA_API ?? 'http://127.0.0.1:8080';

const pages: Page[] = [
  { dir: '', title: 'Kasa Sportsbook', entry: '/src/main.tsx', body: '<div id="root"></div>' },
];

export default defineConfig(({ command }) => ({
  root,
  base: '/sportsbook/',
  publicDir: false,
  plugins: [react(), templatePages(root, pages)],
  resolve: { alias: [sharedAlias, ...(command === 'build' ? preactInBuild : [])] },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': server },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/sportsbook', import.meta.url)),
    emptyOutDir: false,
    assetsDir: 'assets',
    assetsInlineLimit: fontsStayFiles,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: pageInputs(root, pages, () => 'index') },
  },
}));
