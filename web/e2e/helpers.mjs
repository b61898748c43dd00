// Starts the real server binary and a headless Chromium for the browser tests.
import { execFile, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = join(webDir, 'e2e', 'artifacts');
mkdirSync(artifactsDir, { recursive: true });

export const kasaBin = resolve(webDir, process.env.KASA_BIN ?? '../target/debug/kasa');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/**
 * Starts `kasa serve --demo` on a free port with a fresh SQLite file; waits for the API. `env` adds
 * environment variables (e.g. looser rate limits: KASA_LIMIT_REGISTER_IP=100/3600).
 */
export async function startServer({ env = {} } = {}) {
  if (!existsSync(kasaBin)) throw new Error(`server binary not found at ${kasaBin} (set KASA_BIN)`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kasa-e2e-'));
  const databaseUrl = `sqlite://${join(dir, 'kasa.db')}?mode=rwc`;
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--database-url', databaseUrl, '--demo'];
  const child = spawn(kasaBin, args, {
    cwd: resolve(webDir, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/cms/grouped`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // E2E_WEB=preview serves web/dist with `vite preview` (proxying /api and /media to the
  // server): for a server binary built before the app it embeds.
  let preview = null;
  let appUrl = baseUrl;
  if (process.env.E2E_WEB === 'preview') {
    const previewPort = await freePort();
    preview = spawn(
      process.execPath,
      [
        join(webDir, 'node_modules/vite/bin/vite.js'),
        'preview',
        '--host',
        '127.0.0.1',
        '--port',
        String(previewPort),
        '--strictPort',
      ],
      { cwd: webDir, stdio: 'ignore', env: { ...process.env, KASA_API: baseUrl } },
    );
    appUrl = `http://127.0.0.1:${previewPort}`;
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(appUrl)).ok) break;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    baseUrl: appUrl,
    apiUrl: baseUrl,
    databaseUrl,
    output: () => output,
    async stop() {
      for (const proc of [preview, child]) {
        if (!proc || proc.exitCode !== null) continue;
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every page open in a browser of these tests, with what its console said. */
const openPages = new Map();

function track(page) {
  const log = [];
  openPages.set(page, log);
  page.on('console', (m) => log.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => log.push(`[pageerror] ${e}`));
  page.on('close', () => openPages.delete(page));
}

/**
 * `node:test`'s `test`, except that a failing test leaves a screenshot and the console of every
 * page open at that moment in `e2e/artifacts/failed-*`, and names them in its error.
 */
export function test(name, fn) {
  // A stuck test fails after 5 minutes (with its screenshot) instead of holding up the run.
  return nodeTest(name, { timeout: 300_000 }, async (t) => {
    try {
      await fn(t);
    } catch (error) {
      const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      const saved = [];
      let i = 0;
      for (const [page, log] of openPages) {
        const base = artifact(`failed-${slug}-${i++}`);
        try {
          await page.screenshot({ path: `${base}.png`, fullPage: false, timeout: 5000 });
          saved.push(`${base}.png`);
        } catch {
          /* a page that cannot draw any more still has its console */
        }
        writeFileSync(`${base}.console.txt`, `${page.url()}\n${log.join('\n')}\n`);
        saved.push(`${base}.console.txt (${log.length} lines; last: ${log.slice(-5).join(' | ')})`);
      }
      if (error instanceof Error && saved.length)
        error.message += `\n  saved:\n  ${saved.join('\n  ')}`;
      throw error;
    }
  });
}

/**
 * A test file's server and browser, for its `before`: `startServer` with registrations from one
 * address loosened to 100 an hour (every test registers its own players) and `env` added, then
 * `launchBrowser` (the server stopped again if the browser does not start). `stopServerAndBrowser`
 * ends both in the file's `after`.
 */
export async function startServerAndBrowser({ env = {} } = {}) {
  const server = await startServer({ env: { KASA_LIMIT_REGISTER_IP: '100/3600', ...env } });
  try {
    return { server, browser: await launchBrowser() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Ends what `startServerAndBrowser` started (either may be missing if starting failed). */
export async function stopServerAndBrowser({ server, browser }) {
  await browser?.close();
  await server?.stop();
}

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  // Every page of every context is tracked for the failure report of `test`.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', track);
    return context;
  };
  return browser;
}

/**
 * A fresh page of the given width at `url`. `storage` (key to string) is put in the site's local
 * storage before its first page loads, once per tab (a reload or a logout later keeps what the
 * page itself stored).
 */
export async function openPage(
  browser,
  url,
  { width, height = 900, mobile = false, storage } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    reducedMotion: 'reduce',
  });
  if (storage) {
    await context.addInitScript(
      ([site, entries]) => {
        if (window !== window.top || location.origin !== site) return;
        // Once per context: a cookie marks it done, as the app's logout clears session storage (a
        // flag kept there let every reload after a logout put the ended login back, and the page
        // then reloaded on its 401 again and again).
        if (document.cookie.split('; ').includes('e2e-storage=1')) return;
        document.cookie = 'e2e-storage=1; path=/; SameSite=Lax';
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      [new URL(url).origin, Object.entries(storage)],
    );
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'networkidle' });
  return { context, page, errors };
}

/**
 * Closes the popup a first visit gets. It opens once per content, once the page has been shown
 * a moment with no other dialog, so it may still be to come: the content's popup and the page's
 * 'seen' marks (what the app and index.html store as they open it) tell whether it is, and then it
 * is waited for, however slow the machine. Returns whether a popup was closed.
 */
export async function closePopupIfShown(page) {
  const popup = page.getByRole('dialog').filter({ has: page.locator('.popup__img') });
  const due = await page.evaluate(async () => {
    const res = await fetch('/api/cms/grouped', {
      headers: { 'x-locale': localStorage.getItem('lang') || 'tr' },
    });
    const content = (await res.json()).data?.popup;
    if (!content?.images?.length) return false;
    const key = JSON.stringify([content.url || '', content.images.map((i) => i.url)]);
    if (localStorage.getItem('popupSeen') === key) return false;
    // The same popup seen in another language is not shown again (features/popup/seen.ts).
    const seenIn = JSON.parse(localStorage.getItem('popupSeenIn') || 'null');
    const lang = localStorage.getItem('lang') || 'tr';
    return !(
      seenIn &&
      content.id != null &&
      seenIn[0] === content.id &&
      seenIn[1] === (content.url || '') &&
      seenIn[2] !== lang
    );
  });
  const open = await popup.first().isVisible();
  if (!open && !due) return false;
  try {
    await popup.first().waitFor({ state: 'visible', timeout: due ? 20_000 : 2500 });
  } catch {
    // Not shown after all: a page the popup never opens on (a guarded page without a login,
    // another dialog kept open).
    return false;
  }
  await popup
    .first()
    .getByRole('button', { name: /Kapat|Close/ })
    .click();
  await popup.first().waitFor({ state: 'detached' });
  return true;
}

/**
 * The 'seen' mark the site stores for the popup of `lang`'s content (as the app's `popupKey`
 * makes it), to put in local storage before a first load that is not about the popup; `null`
 * when the content has no popup.
 */
export async function popupSeenMark(apiUrl, lang) {
  const res = await fetch(`${apiUrl}/api/cms/grouped`, { headers: { 'x-locale': lang } });
  const popup = (await res.json()).data?.popup;
  if (!popup?.images?.length) return null;
  return JSON.stringify([popup.url || '', popup.images.map((i) => i.url)]);
}

export function artifact(name) {
  return join(artifactsDir, name);
}

/**
 * Runs one SQL statement on the test server's SQLite file with the sqlite3 shell: what a test uses
 * to let time pass for the server (an exclusion's end moved into the past), as the Rust tests do.
 */
export function runSql(databaseUrl, statement) {
  const file = new URL(databaseUrl.replace(/^sqlite:/, 'file:')).pathname;
  return new Promise((res, rej) => {
    execFile('sqlite3', ['-cmd', '.timeout 5000', file, statement], (error, stdout, stderr) => {
      if (error) rej(new Error(`sqlite3 failed: ${stderr || error.message}`));
      else res(stdout);
    });
  });
}

/** The SMS and e-mail messages the server recorded (`kasa outbox --json`), newest first. */
export function readOutbox(databaseUrl) {
  return new Promise((res, rej) => {
    execFile(
      kasaBin,
      ['outbox', '--json', '--database-url', databaseUrl],
      { cwd: resolve(webDir, '..') },
      (error, stdout, stderr) => {
        if (error) rej(new Error(`kasa outbox failed: ${stderr || error.message}`));
        else res(JSON.parse(stdout));
      },
    );
  });
}

/** Waits for the newest message of a channel to a recipient and returns its 6-digit code. */
export async function waitForCode(
  databaseUrl,
  { channel, recipient, after = 0 },
  timeoutMs = 15000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await readOutbox(databaseUrl);
    const found = messages.find(
      (m) => m.channel === channel && m.recipient === recipient && m.id > after,
    );
    const code = found?.text.match(/\b\d{6}\b/)?.[0];
    if (code) return { code, id: found.id };
    if (Date.now() > deadline) throw new Error(`no ${channel} code for ${recipient}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Random decimal digits (unique usernames and phone numbers). */
export const digits = (n) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** Registers a player through the API (fast form, consent given); the username and login data. */
export async function registerPlayer(apiUrl, tag) {
  const username = `${tag}${Date.now().toString(36)}${digits(3)}`.slice(0, 30);
  const res = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': 'tr' },
    body: JSON.stringify({
      name: 'Deniz',
      surname: 'Yıldız',
      username,
      email: `${username}@kasa.bet`,
      phone: `9053${digits(8)}`,
      password: 'gizli123',
      password2: 'gizli123',
      acceptTerms: true,
      isFast: true,
    }),
    signal: AbortSignal.timeout(60_000),
  }).then((r) => r.json());
  if (res.success !== true) throw new Error(`registration failed: ${JSON.stringify(res)}`);
  return { username, authData: res.data };
}

/** Runs `kasa admin ARGS` on a server's database (`startServer`'s `databaseUrl`). */
export function kasaAdmin(databaseUrl, ...args) {
  // A command that hangs fails here, naming itself, rather than as the whole test's time-out.
  return promisify(execFile)(kasaBin, ['admin', ...args, '--database-url', databaseUrl], {
    timeout: 60_000,
  });
}

/**
 * Creates a back office staff member with `kasa admin staff create` (the password on its standard
 * input, as the command reads it); they enrol an authenticator at their first sign-in at /admin/.
 */
export function createStaff(databaseUrl, username, roles, password) {
  const args = ['admin', 'staff', 'create', '--username', username];
  for (const role of roles) args.push('--role', role);
  const run = promisify(execFile)(kasaBin, [...args, '--database-url', databaseUrl], {
    timeout: 60_000,
  });
  run.child.stdin.end(`${password}\n`);
  return run;
}

/** The bytes of a base32 text (RFC 4648; spaces and padding ignored, any case). */
export function base32Bytes(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The TOTP step (RFC 6238: 30 seconds) of a time in epoch milliseconds. */
export const totpStep = (atMs = Date.now()) => Math.floor(atMs / 30_000);

/** The 6-digit TOTP code (RFC 6238: HMAC-SHA1, 30-second steps) of a base32 secret at a step. */
export function totp(secret, step = totpStep()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, '0');
}

/** Polls `check` every 100 ms until it gives something truthy, which it returns; fails after `ms`. */
export async function until(what, check, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * After the app's local logout (a 401, or the hub's 'exit'): waits for the reload that follows it
 * (LOGOUT_RELOAD_MS later) to finish, so that nothing closes the page in the middle of it.
 */
export async function reloadedAfterLogout(page) {
  await until('the reload after the logout', () =>
    page
      .evaluate(() => performance.getEntriesByType('navigation')[0]?.type === 'reload')
      .catch(() => false),
  );
  await page.waitForLoadState('networkidle');
}

/** Closes a context, and goes on with a warning if Chromium has not closed it within `ms`. */
export async function closeContext(context, ms = 20_000) {
  let timer;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve('stuck'), ms);
  });
  const done = await Promise.race([context.close().then(() => 'closed'), stuck]);
  clearTimeout(timer);
  if (done === 'stuck') console.warn(`a browser context did not close within ${ms / 1000} s`);
}

/** A screenshot of the page to `path`, 300 ms after asking (what moves settles). */
export async function screenshot(page, path) {
  await page.waitForTimeout(300);
  await page.screenshot({ path });
}

/**
 * Opens the site logged in as the player (login data, and the language when given, in local
 * storage before the first load); the popup dismissed if shown.
 */
export async function openLoggedIn(browser, baseUrl, authData, { width, height, mobile, lang }) {
  const storage = { authData: JSON.stringify(authData), ...(lang ? { lang } : {}) };
  const opened = await openPage(browser, baseUrl, { width, height, mobile, storage });
  await closePopupIfShown(opened.page);
  return opened;
}

// ---------- The studio's games (tables.test, studio-more.test) ----------

/** A call to the site's API as the player; the answer's data (its success asserted). */
export async function apiAs(apiUrl, authData, path, { method = 'GET', body } = {}) {
  const res = await fetch(`${apiUrl}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${authData.token}`,
      'x-locale': 'tr',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).then((r) => r.json());
  assert.equal(res.success, true, `${path}: ${JSON.stringify(res)}`);
  return res.data;
}

/** A new player (`startServer`'s server) with `amount` lira put in the wallet by the admin. */
export async function fundedPlayer(server, tag, amount = '100') {
  const player = await registerPlayer(server.apiUrl, tag);
  await kasaAdmin(
    server.databaseUrl,
    'wallet',
    'adjust',
    '--player',
    player.username,
    '--amount',
    amount,
    '--reason',
    'e2e',
  );
  return player;
}

/** A lira amount as the studio's games write it (tr: 1.234,56 ₺, en: ₺1,234.56). */
export function lira(amount, lang) {
  const n = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return lang === 'tr' ? `${n} ₺` : `₺${n}`;
}

/**
 * No sideways overflow in a document (`target`: the page, or a frame's `html` locator). With
 * `clipped`, an element past the edge inside a box that clips or scrolls it within the viewport
 * (a carousel's other slides, a strip that scrolls sideways on purpose) does not count.
 */
export async function noOverflow(target, where, { clipped = false } = {}) {
  const problem = await target.evaluate((allowClipped) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const insideClip = (el) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        if (box.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length)
      .filter((el) => !el.closest('dialog:not([open])'))
      .filter((el) => !(allowClipped && insideClip(el)))
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className?.baseVal ?? el.className).split(' ')[0]}`,
      );
    return root.scrollWidth > width || wide.length
      ? `${root.scrollWidth} > ${width}: ${wide.join(', ')}`
      : null;
  }, clipped);
  assert.equal(problem, null, `${where}: something sticks out sideways`);
}

/** WCAG 2.2 A/AA: the tags every axe check of these tests asks for. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core's violations on the page (its frames included, as axe reaches them): `axe.run` with
 * these tags in the page's own frame, limited to `include` and without `exclude` when given (axe's
 * context selectors, `{ fromFrames: [...] }` reaching into a frame). axe is put into each frame of
 * the page once per document, not again at every check, and runs in the page itself, not in a
 * second page as @axe-core/playwright's default does: the same rules for a fifth of the CPU.
 */
export async function runAxe(page, { tags = WCAG_TAGS, include, exclude } = {}) {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof window.axe === 'object')) continue;
      await frame.evaluate(axeSource);
      // Frames of another origin (a sportsbook's) answer the page's axe too.
      await frame.evaluate(() =>
        window.axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
      );
    } catch {
      /* a frame that went away meanwhile */
    }
  }
  return page.mainFrame().evaluate(
    async ([tags, include, exclude]) => {
      const context = {
        ...(include ? { include: [include] } : {}),
        ...(exclude ? { exclude: [exclude] } : {}),
      };
      const options = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] };
      const { violations } = await window.axe.run(include || exclude ? context : document, options);
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      }));
    },
    [tags, include ?? null, exclude ?? null],
  );
}

/**
 * axe-core's findings in a game's document (the page, or only what `include` selects, e.g. the
 * game's frame: `{ fromFrames: ['iframe', 'html'] }`): WCAG 2.2 A/AA and axe's best practices,
 * whatever their impact, each as `where: rule (impact) targets`; those matching one of `known`
 * (regular expressions) left out.
 */
export async function axeProblems(page, where, { include, known = [] } = {}) {
  const violations = await runAxe(page, { tags: [...WCAG_TAGS, 'best-practice'], include });
  return violations
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
    .filter((found) => !known.some((re) => re.test(found)));
}

/** No axe-core finding (`axeProblems`, with its options). */
export async function axeClean(page, where, options) {
  assert.deepEqual(await axeProblems(page, where, options), [], `${where}: axe`);
}

/**
 * Opens the lobby page `game.lobby` logged in (its category tab `game.tab[lang]` chosen when
 * given), screenshots the game's tile into `shotsDir` and launches the game from it; the page and
 * the game's frame.
 */
export async function launchFromLobby(
  browser,
  server,
  game,
  { authData, lang, width, height, mobile, shotsDir },
) {
  const opened = await openLoggedIn(browser, server.baseUrl, authData, {
    width,
    height,
    mobile,
    lang,
  });
  const { page } = opened;
  await page.goto(`${server.baseUrl}${game.lobby}`, { waitUntil: 'networkidle' });
  if (game.tab) {
    const tab = page.getByRole('button', { name: game.tab[lang], exact: true });
    await tab.click();
    await until('the tab chosen', async () => (await tab.getAttribute('aria-pressed')) === 'true');
  }
  const tile = page.locator(`[data-testid="game-tile"][data-code="${game.code}"]`);
  await tile.waitFor();
  await tile.scrollIntoViewIfNeeded();
  await tile.locator('img').evaluate((img) => img.decode?.().catch(() => {}));
  await screenshot(page, join(shotsDir, `lobby-${game.code}-${lang}-${width}.png`));
  await tile.locator('.game-tile__play').click();
  const name = game[lang];
  await page.locator(`iframe[title="${name}"]`).waitFor();
  const frame = page.frameLocator(`iframe[title="${name}"]`);
  return { ...opened, frame, name };
}

/** A game's page opened straight from its launch URL, at `width` (a phone below 992 px). */
export async function openGame(browser, server, game, authData, lang, width) {
  const url = await apiAs(server.apiUrl, authData, 'casino/kasalaunchurl', {
    method: 'POST',
    body: { code: game.code, isMobile: width < 992 },
  });
  const href = typeof url === 'string' ? url : (url.url ?? url.launchUrl);
  const full = new URL(href, server.baseUrl);
  full.searchParams.set('lang', lang);
  const height = width < 992 ? (width === 320 ? 568 : 844) : 900;
  return openPage(browser, full.toString(), { width, height, mobile: width < 992 });
}

/** The game's balance meter (the studio's games share its classes). */
export const balanceMeter = (frame) => frame.locator('.meter--balance .meter__value');

/** Waits until the game's balance meter shows `lira` (lira) in `lang`. */
export async function meterShows(frame, amount, lang, ms = 20_000) {
  const text = lira(amount, lang);
  await until(
    `the game's balance ${text}`,
    async () => (await balanceMeter(frame).innerText()) === text,
    ms,
  );
}
