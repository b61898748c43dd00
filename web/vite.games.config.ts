import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The studio's HTML5 games (issue 14): vanilla TypeScript, no React, built beside the app into
// dist/games/ (one page for every slot, dist/games/slot/index.html, and one for each table game,
// dist/games/{roulette,keno,wheel,baccarat}/index.html, which the server answers for
// /games/{code}/; their files under dist/games/assets/). Runs after the app's build, so it must not
// empty dist/. Only external scripts and styles: the server's CSP runs no inline script.
const root = fileURLToPath(new URL('./games', import.meta.url));

export default defineConfig({
  root,
  base: '/games/',
  publicDir: false,
  server: {
    fs: { allow: ['..'] },
    proxy: { '/games/api': process.env.KASA_API ?? 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/games', import.meta.url)),
    emptyOutDir: false,
    assetsDir: 'assets',
    // Fonts stay files (the CSP allows fonts from the site only, not data: URLs).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        slot: fileURLToPath(new URL('./games/slot/index.html', import.meta.url)),
        roulette: fileURLToPath(new URL('./games/roulette/index.html', import.meta.url)),
        keno: fileURLToPath(new URL('./games/keno/index.html', import.meta.url)),
        wheel: fileURLToPath(new URL('./games/wheel/index.html', import.meta.url)),
        baccarat: fileURLToPath(new URL('./games/baccarat/index.html', import.meta.url)),
        crash: fileURLToPath(new URL('./games/crash/index.html', import.meta.url)),
        blackjack: fileURLToPath(new URL('./games/blackjack/index.html', import.meta.url)),
        // The ways slot (Kapadokya Ways), for the studio games of kind 'ways'.
        ways: fileURLToPath(new URL('./games/ways/index.html', import.meta.url)),
      },
    },
  },
});
