import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';
import { colours } from './shared/tokens.ts';

// What the three builds (the site: vite.config.ts, the games: vite.games.config.ts, the sportsbook
// frame: vite.sportsbook.config.ts) share.

/** web/shared/: the envelope client, money and dates, design tokens and the generated API types. */
export const sharedAlias: Alias = {
  find: '@shared',
  replacement: fileURLToPath(new URL('./shared', import.meta.url)),
};

/**
 * The production builds of the React apps (the site, the sportsbook) render with Preact's
 * React-compatible layer instead of React's DOM renderer: the same components, hooks and libraries
 * (react-router, TanStack Query, react-hook-form, sonner, embla), for about 55 KB gzip less on every
 * first visit (issue 11's budget of 150 KB for the first load; React alone was 66 KB of it). Preact
 * 11 passes `ref` to function components as a prop, as React 19 does. The dev server and the unit
 * tests keep React; the browser tests run the production build, so what ships is what they test.
 */
export const preactInBuild: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-router's package exports name only its development build (extra checks and warnings on
  // every navigation); the production build sits beside it.
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
];

/** Fonts stay files: the server's CSP allows fonts from the site only, not `data:` URLs. */
export const fontsStayFiles = (file: string): false | undefined =>
  file.endsWith('.woff2') ? false : undefined;

/** One page made from shared/page.html: its folder under the build's root, title and entry. */
export interface Page {
  /** The folder under the root the page is answered at ('' for the root's own index.html). */
  dir: string;
  title: string;
  /** The page's script, from the root ('/slots/main.ts'). */
  entry: string;
  /** The body's content. */
  body: string;
  /** The browser's colour for its bar (the site's page colour unless the game has its own). */
  themeColor?: string;
}

const template = fileURLToPath(new URL('./shared/page.html', import.meta.url));

/** A page's HTML: the template with its title, colour, entry and body. */
function pageHtml(page: Page): string {
  const values: Record<string, string> = {
    title: page.title,
    themeColor: page.themeColor ?? colours.surfacePage,
    entry: page.entry,
    body: page.body,
  };
  return readFileSync(template, 'utf8').replace(/%(\w+)%/g, (_all, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`shared/page.html: no value for %${key}%`);
    return value;
  });
}

/** Where a page's index.html would stand under `root`. */
const pageFile = (root: string, page: Page) => join(root, page.dir, 'index.html');

/**
 * The entry pages of a build, made from one template (shared/page.html) instead of a copy each:
 * `rolldownOptions.input` names them by `pageInputs`, and this plugin answers for them as if they
 * were files under the root, so the build writes each to `{outDir}/{dir}/index.html` as before; the
 * dev server answers `{base}{dir}/` with the same page.
 */
export function templatePages(root: string, pages: Page[]): Plugin {
  const byFile = new Map(pages.map((page) => [pageFile(root, page), page]));
  return {
    name: 'kasa-template-pages',
    resolveId(id) {
      return byFile.has(id) ? id : null;
    },
    load(id) {
      const page = byFile.get(id);
      return page ? pageHtml(page) : null;
    },
    configureServer(server) {
      const base = server.config.base;
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const page = pages.find((p) => {
          const at = `${base}${p.dir ? `${p.dir}/` : ''}`;
          return path === at || path === `${at}index.html`;
        });
        if (!page) return next();
        server
          .transformIndexHtml(req.url ?? path, pageHtml(page))
          .then((html) => {
            res.setHeader('Content-Type', 'text/html');
            res.end(html);
          })
          .catch(next);
      });
    },
  };
}

/** The build's inputs for the pages: name → the page's index.html under the root. */
export function pageInputs(root: string, pages: Page[], name = (page: Page) => page.dir) {
  return Object.fromEntries(pages.map((page) => [name(page), pageFile(root, page)]));
}
