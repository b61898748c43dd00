/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { fontsStayFiles, preactInBuild, sharedAlias } from './vite.common.ts';

// The Kasa server that /api, /media and /hub are proxied to (dev server and preview).
/** The test files that run on a page and modules of their own (see `test.projects`). */
const ISOLATED_TESTS = 'src/app/shell.test.tsx';
const server = process.env.KASA_API ?? 'http://127.0.0.1:8080';

/**
 * The built page preloads its text's font, and its stylesheets move from the head to the end of
 * the body: the static shell above
 * them (critical CSS inline) paints while they load, and the app's script still runs only after
 * them (a stylesheet before a script blocks it, not the paint of what precedes it).
 */
const shellPaintsFirst: Plugin = {
  name: 'kasa-shell-paints-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      // The text's font is fetched with the page, not once the stylesheet asks for it: the first
      // render lays its text out once, in its own font, instead of a fallback and then again.
      const fonts = Object.keys(ctx.bundle ?? {}).filter((f) =>
        /inter-[a-z]+-wght-normal.*\.woff2$/.test(f),
      );
      const preloads = fonts.map(
        (f) => `<link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin>`,
      );
      html = html.replace('</title>', `</title>\n    ${preloads.join('\n    ')}`);
      const sheets: string[] = [];
      const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
        sheets.push(tag.trim());
        return '';
      });
      return head.replace('</body>', `  ${sheets.join('\n    ')}\n  </body>`);
    },
  },
};

/** Where the app's code is listed for index.html's loader (see its inline script there). */
const APP_CODE_MARK = '<!--app-code-->';

/**
 * The app's entry script and its modulepreload links leave the head for a data block the loader
 * in index.html reads: it fetches them at once, or, on a visit that opened the start-up popup,
 * once the popup's picture has been painted.
 */
const appCodeByLoader: Plugin = {
  name: 'kasa-app-code-by-loader',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      if (!html.includes(APP_CODE_MARK)) return html;
      let entry = '';
      const preloads: string[] = [];
      html = html.replace(
        /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_tag, src: string) => {
          entry = src;
          return '';
        },
      );
      html = html.replace(
        /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        (_tag, href: string) => {
          preloads.push(href);
          return '';
        },
      );
      if (!entry) throw new Error("index.html: the app's entry script was not found");
      const list = JSON.stringify({ entry, preloads });
      return html.replace(
        APP_CODE_MARK,
        `<script id="app-code" type="application/json">${list}</script>`,
      );
    },
  },
};

/**
 * The generated zod schemas are values like any other: one no code of a chunk uses is left out of
 * it. Every endpoint's schema was built when the app started, whichever page it showed; marking
 * each `z.` call of the generated file pure lets the bundler drop those nothing imports.
 */
const pureGeneratedSchemas: Plugin = {
  name: 'kasa-pure-generated-schemas',
  apply: 'build',
  transform(code, id) {
    if (!id.endsWith('/shared/api/generated/zod.gen.ts')) return null;
    return { code: code.replace(/(^|[^.\w])z\.(\w+)\(/g, '$1/* @__PURE__ */ z.$2('), map: null };
  },
};

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), shellPaintsFirst, appCodeByLoader, pureGeneratedSchemas],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      sharedAlias,
      ...(command === 'build' ? preactInBuild : []),
    ],
  },
  server: {
    fs: { allow: ['..'] },
    proxy: {
      '/api': server,
      '/media': server,
      '/hub': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts stay files (the Turkish subset is small enough to be inlined otherwise).
    assetsInlineLimit: fontsStayFiles,
    // dist/.vite/manifest.json: which chunks a page loads at once (read by the size budget).
    manifest: true,
    rolldownOptions: {
      output: {
        // React, its DOM renderer and the router change less often than the app: one long-cached
        // chunk. Everything else is split where it is imported, so code that loads on demand
        // (routes, dialogs, the hub client) brings its libraries with it.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router)[\\/]/,
            },
            // The libraries every page needs from the start (texts, server state, schemas): one
            // chunk compresses better than the many small pieces they would otherwise be split in.
            {
              name: 'core',
              test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store|@tanstack|zod)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Test files share their worker's page and modules (a fresh jsdom and module graph per file
    // was four fifths of the run); the app shell's test, which mounts the whole app and its
    // stores, keeps a worker of its own.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: [
            'src/**/*.test.{ts,tsx}',
            'shared/**/*.test.ts',
            'games/**/*.test.ts',
            'sportsbook/**/*.test.{ts,tsx}',
            'admin/**/*.test.{ts,tsx}',
          ],
          exclude: [ISOLATED_TESTS],
        },
      },
      // The app shell renders the whole app in jsdom: beside the Rust build (make test) a test
      // of it can take longer than the default 5 s.
      {
        extends: true,
        test: { name: 'isolated', include: [ISOLATED_TESTS], testTimeout: 30_000 },
      },
    ],
  },
}));
