import { defineConfig, type Plugin } from 'vite';
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

// The operator's back office (issue 32): a React app of its own under /admin/, talking to the
// server's /admin/api/ (docs/backoffice-api.md). Built the way the sportsbook frame is: rendered
// with Preact's compat layer in the production build (vite.common.ts), its page made from
// shared/page.html, built beside the site into dist/admin/ (index.html and dist/admin/assets/),
// which the server answers for every /admin/* path but /admin/api/. Runs after the site's build,
// so it must not empty dist/. Only external scripts and styles: the server's CSP runs no inline
// script. English only, desktop first.
const root = fileURLToPath(new URL('./admin', import.meta.url));
const server = process.env.KASA_API ?? 'http://127.0.0.1:8080';

/** The page is in English (shared/page.html is written for the site's Turkish pages). */
const english: Plugin = {
  name: 'kasa-admin-english',
  transformIndexHtml: (html) => html.replace('<html lang="tr">', '<html lang="en">'),
};

const pages: Page[] = [
  { dir: '', title: 'Kasa Back Office', entry: '/src/main.tsx', body: '<div id="root"></div>' },
];

export default defineConfig(({ command }) => ({
  root,
  base: '/admin/',
  publicDir: false,
  plugins: [react(), templatePages(root, pages), english],
  resolve: { alias: [sharedAlias, ...(command === 'build' ? preactInBuild : [])] },
  server: {
    fs: { allow: ['..'] },
    // The back office's API, and the site's media for the banners' previews.
    proxy: { '/admin/api': server, '/media': server },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: false,
    assetsDir: 'assets',
    assetsInlineLimit: fontsStayFiles,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: pageInputs(root, pages, () => 'index') },
  },
}));
