import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import {
  fontsStayFiles,
  pageInputs,
  sharedAlias,
  templatePages,
  type Page,
} from './vite.common.ts';

// The studio's HTML5 games (issue 14): vanilla TypeScript, no React, built beside the app into
// dist/games/. Their sources: kit/ (what every game uses: the API client, boot, the top bar,
// sound, dialogs and the fairness panel, the base style), slots/ (the line slots and their reels,
// also the ground of ways/), ways/ (Kapadokya Ways), crash/ (Kasa Aviator) and tables/ (roulette,
// keno, the wheel, baccarat, blackjack). One page for every slot (dist/games/slot/index.html) and
// one for each other kind, which the server answers for /games/{code}/
// (server/src/studio/page.rs); their files under dist/games/assets/. The pages are made from one
// template (shared/page.html). Runs after the app's build, so it must not empty dist/. Only
// external scripts and styles: the server's CSP runs no inline script.
const root = fileURLToPath(new URL('./games', import.meta.url));

const game = (dir: string, title: string, entry: string, themeColor?: string): Page => ({
  dir,
  title,
  entry,
  themeColor,
  body: '<div id="app" class="app"></div>',
});

const pages: Page[] = [
  game('slot', 'Kasa Slot', '/slots/main.ts'),
  game('roulette', 'Kasa Rulet', '/tables/roulette.ts'),
  game('keno', 'Kasa Keno', '/tables/keno.ts'),
  game('wheel', 'Kasa Şans Çarkı', '/tables/wheel.ts'),
  game('baccarat', 'Kasa Bakara', '/tables/baccarat.ts'),
  game('crash', 'Kasa Aviator', '/crash/main.ts'),
  game('blackjack', 'Kasa Blackjack', '/tables/blackjack.ts'),
  // The ways slot (Kapadokya Ways), for the studio games of kind 'ways'.
  game('ways', 'Kapadokya Ways', '/ways/main.ts', '#1a0f1f'),
];

export default defineConfig({
  root,
  base: '/games/',
  publicDir: false,
  plugins: [templatePages(root, pages)],
  resolve: { alias: [sharedAlias] },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/games/api': process.env.KASA_API ?? 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/games', import.meta.url)),
    emptyOutDir: false,
    assetsDir: 'assets',
    assetsInlineLimit: fontsStayFiles,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: pageInputs(root, pages) },
  },
});
