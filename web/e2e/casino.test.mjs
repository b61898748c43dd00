// The casino in the browser against the real `kasa` binary (issue 14), at 390 and 1440 px: a player
// opens the slot lobby, searches, marks a favourite and finds it again in the Favourites tab,
// launches a studio slot from the lobby (the play page on desktop, the Play dialog on phones),
// spins in the game's frame ('Çevir' / 'Spin'), sees the round's result in the game's balance and
// in the site's (the header follows through the hub), refreshes the game (the toast, a new launch),
// closes it, and finds the round in Game History. An anonymous visitor who clicks a game gets the
// login form and the game starts after the login. Screenshots of the lobby (logged in and out), the
// game and Game History at 320, 390, 1024 and 1440 px in Turkish and English go to
// e2e/artifacts/casino/ (SHOTS_DIR to change).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  artifactsDir,
  closeContext,
  closePopupIfShown,
  kasaAdmin,
  openPage,
  registerPlayer,
  reloadedAfterLogout,
  runAxe,
  screenshot,
  startServerAndBrowser,
  stopServerAndBrowser,
  test,
  until,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? join(artifactsDir, 'casino');
mkdirSync(shotsDir, { recursive: true });

/** The studio slot the journeys play (content/games.json). */
const SLOT = { code: 'kasa-sultans-gold', tr: "Sultan'ın Altını", search: 'sultan' };

const T = {
  tr: {
    search: 'Oyun adıyla ara',
    favourites: 'Favoriler',
    all: 'Tümü',
    heart: (name) => `Favori: ${name}`,
    spin: 'Çevir',
    refresh: 'Oyunu yenile',
    reloading: 'Oyun yeniden yüklenecek. Lütfen bekleyin...',
    close: 'Kapat',
    login: 'Giriş Yap',
    history: 'Oyun Geçmişi',
    deposit: 'Para Yatır',
    depositMoney: 'Para Yatır',
  },
  en: {
    search: 'Search by game name',
    favourites: 'Favourites',
    all: 'All',
    heart: (name) => `Favourite: ${name}`,
    spin: 'Spin',
    refresh: 'Reload the game',
    reloading: 'The game is reloading. Please wait...',
    close: 'Close',
    login: 'Log In',
    history: 'Game History',
    deposit: 'Deposit',
    depositMoney: 'Deposit Money',
  },
};

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser({ server, browser }));

const admin = (...args) => kasaAdmin(server.databaseUrl, ...args);

async function api(path, authData, lang = 'tr') {
  const res = await fetch(`${server.apiUrl}/api/${path}`, {
    headers: { authorization: `Bearer ${authData.token}`, 'x-locale': lang },
  }).then((r) => r.json());
  assert.equal(res.success, true, `${path}: ${JSON.stringify(res)}`);
  return res.data;
}

const shot = (page, name) => screenshot(page, join(shotsDir, `${name}.png`));

/** No sideways overflow of the page, naming what sticks out. */
async function noOverflow(page, where) {
  const problem = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`);
    return `scrollWidth ${root.scrollWidth} > ${width}: ${offenders.join(', ')}`;
  });
  assert.equal(problem, null, `${where}: the page overflows sideways`);
}

/** axe-core's serious and critical violations (the game's own document is the studio's, checked by its own suite). */
async function axeClean(page, where, include) {
  const violations = await runAxe(page, { include, exclude: 'iframe' });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`);
  assert.deepEqual(serious, [], `${where}: axe`);
}

async function open(path, { width, height = 900, mobile = false, lang, authData, popup = true }) {
  const storage = { lang, ...(authData ? { authData: JSON.stringify(authData) } : {}) };
  const opened = await openPage(browser, `${server.baseUrl}${path}`, {
    width,
    height,
    mobile,
    storage,
  });
  // (A deep-linked login is the first dialog there: not a popup to close.)
  if (popup) await closePopupIfShown(opened.page);
  return opened;
}

const tiles = (page) => page.getByTestId('game-tile');
const tile = (page, code) => page.locator(`[data-testid="game-tile"][data-code="${code}"]`);

function siteBalance(page, mobile) {
  return mobile
    ? page.locator('nav.bottom-bar .bottom-bar__balance')
    : page.locator('header.header .header__balance');
}

/** A lira amount as the app writes it (tr: 1.234,56 ₺, en: ₺1,234.56). */
function lira(amount, lang) {
  const n = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return lang === 'tr' ? `${n} ₺` : `₺${n}`;
}

async function journey({ width, height, mobile, lang, tag }) {
  const t = T[lang];
  const { username, authData } = await registerPlayer(server.apiUrl, tag);
  await admin('wallet', 'adjust', '--player', username, '--amount', '100', '--reason', 'e2e');
  const { context, page, errors } = await open('/casino/slot', {
    width,
    height,
    mobile,
    lang,
    authData,
  });

  // The slot lobby.
  await tiles(page).first().waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await noOverflow(page, `slot lobby ${width}`);
  await axeClean(page, `slot lobby ${width}`);
  await shot(page, `lobby-${lang}-${width}`);

  // Search as you type.
  await page.getByLabel(t.search).fill(SLOT.search);
  await until('the search result', async () => (await tiles(page).count()) === 1);
  const found = tile(page, SLOT.code);
  await found.waitFor();
  const name = (await found.locator('.game-tile__name').innerText()).trim();
  if (lang === 'tr') assert.equal(name, SLOT.tr);

  // Marks a favourite (a success toast) and finds it again in the Favourites tab.
  const heart = page.getByRole('button', { name: t.heart(name) });
  assert.equal(await heart.getAttribute('aria-pressed'), 'false');
  await heart.click();
  await until(
    'the heart pressed',
    async () => (await heart.getAttribute('aria-pressed')) === 'true',
  );
  await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor();
  await page.getByLabel(t.search).fill('');
  await page.getByRole('button', { name: t.favourites, exact: true }).click();
  await until('the favourites tab', async () => (await tiles(page).count()) === 1);
  await tile(page, SLOT.code).waitFor();
  await shot(page, `lobby-favourites-${lang}-${width}`);

  // Launches the studio slot from the lobby: the page on desktop, the Play dialog on phones.
  const before = await api('user/balance', authData);
  await tile(page, SLOT.code).locator('.game-tile__play').click();
  const dialog = page.getByTestId('play-dialog');
  if (mobile) {
    await dialog.waitFor();
    assert.match(page.url(), /\/casino\/slot$/);
  } else {
    await page.waitForURL(/\/casino\/play\//);
    assert.equal(await dialog.count(), 0);
  }
  const win = page.getByTestId('game-window');
  await win.getByRole('heading', { name }).waitFor();
  await win.getByRole('button', { name: t.deposit }).waitFor();
  const frameEl = win.locator(`iframe[title="${name}"]`);
  await frameEl.waitFor();
  const firstSrc = await frameEl.getAttribute('src');
  // Deposit opens the Deposit Money sheet over the game; closing it leaves the game as it was.
  await win.getByRole('button', { name: t.deposit }).click();
  const sheet = page.getByRole('dialog', { name: t.depositMoney, exact: true });
  await sheet.waitFor();
  await sheet.getByRole('button', { name: t.close, exact: true }).click();
  await sheet.waitFor({ state: 'detached' });
  assert.equal(await win.locator('iframe').getAttribute('src'), firstSrc);
  assert.match(firstSrc, new RegExp(`/games/${SLOT.code}/\\?token=`));
  const game = page.frameLocator(`iframe[title="${name}"]`);
  const spin = game.getByRole('button', { name: t.spin, exact: true });
  await spin.waitFor({ timeout: 20_000 });
  await until('the loading text gone', async () => (await win.getByRole('status').count()) === 0);
  await noOverflow(page, `game ${width}`);
  await axeClean(page, `game ${width}`);
  await shot(page, `game-${lang}-${width}`);

  // Spins: the round moves the balance by win - bet, in the game and on the site.
  await spin.click();
  const rounds = await until('the round recorded', async () => {
    const h = await api('casino/history?take=5', authData);
    return h.items.length > 0 && h.items[0].status !== 'open' ? h.items : null;
  });
  const round = rounds[0];
  const expected = Math.round((before.balance - round.bet + round.win) * 100) / 100;
  const balanceNow = await api('user/balance', authData);
  assert.equal(balanceNow.balance, expected, 'balance = before - bet + win');
  const gameBalance = game.locator('.meter--balance .meter__value');
  await until(
    `the game's balance ${lira(expected, lang)}`,
    async () => (await gameBalance.innerText()).includes(lira(expected, lang)),
    20_000,
  );
  if (!mobile)
    await until(`the header balance ${lira(expected, lang)}`, async () =>
      (await siteBalance(page, false).innerText()).includes(lira(expected, lang)),
    );
  await shot(page, `game-spun-${lang}-${width}`);

  // Refresh: the toast, then a new launch (the token is single use).
  await win.getByRole('button', { name: t.refresh }).click();
  await page.locator('[data-sonner-toaster]').getByText(t.reloading).waitFor();
  await until('a new launch', async () => {
    const src = await win.locator('iframe').getAttribute('src');
    return src && src !== firstSrc;
  });
  await game.getByRole('button', { name: t.spin, exact: true }).waitFor({ timeout: 20_000 });

  // Close: back to the lobby (desktop) or the dialog gone (phones).
  await win.getByRole('button', { name: t.close, exact: true }).click();
  if (mobile) await dialog.waitFor({ state: 'detached' });
  else await page.waitForURL(/\/casino\/slot$/);
  await tiles(page).first().waitFor();
  if (mobile)
    await until(`the bar's balance ${lira(expected, lang)}`, async () =>
      (await siteBalance(page, true).innerText()).includes(lira(expected, lang)),
    );

  // Game History lists the round.
  await page.goto(`${server.baseUrl}/dashboard/game-history`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: t.history, level: 1 }).waitFor();
  const row = page.locator(`[data-testid="round"][data-round="${round.roundId}"]`);
  await row.waitFor();
  assert.ok((await row.innerText()).includes(name));
  assert.ok((await row.innerText()).includes(lira(round.bet, lang)));
  // The round reads in the player's words (issue 30): won, or no win.
  const words = { tr: ['Kazandı', 'Kazanç yok'], en: ['Won', 'No win'] }[lang];
  assert.ok((await row.innerText()).includes(words[round.win > 0 ? 0 : 1]), await row.innerText());
  await noOverflow(page, `game history ${width}`);
  await axeClean(page, `game history ${width}`);
  await shot(page, `history-${lang}-${width}`);

  assert.deepEqual(errors, []);
  await context.close();
}

test('a player plays a studio slot from the lobby at 1440 px (Turkish)', () =>
  journey({ width: 1440, height: 900, mobile: false, lang: 'tr', tag: 'cd' }));

test('a player plays a studio slot from the lobby at 390 px in the Play dialog (English)', () =>
  journey({ width: 390, height: 844, mobile: true, lang: 'en', tag: 'cm' }));

test('an anonymous visitor who clicks a game gets the login form; the game starts after it', async () => {
  const { username } = await registerPlayer(server.apiUrl, 'ca');
  const { context, page, errors } = await open('/casino/slot', { width: 1440, lang: 'tr' });
  await tile(page, SLOT.code).locator('.game-tile__play').click();
  const login = page.getByRole('dialog', { name: T.tr.login });
  await login.waitFor();
  await login.getByLabel('Kullanıcı adı').fill(username);
  await login.getByLabel('Şifre', { exact: true }).fill('gizli123');
  await login.getByRole('button', { name: T.tr.login, exact: true }).click();
  await page.waitForURL(/\/casino\/play\//);
  await page.locator(`iframe[title="${SLOT.tr}"]`).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('an anonymous visitor on a play link gets the login form, and a heart asks for a login', async () => {
  const { username } = await registerPlayer(server.apiUrl, 'cl');
  const encoded = Buffer.from(
    encodeURIComponent(
      JSON.stringify({ providerName: 'Kasa Studio', gameCode: SLOT.code, name: SLOT.tr }),
    ),
  ).toString('base64');
  const { context, page } = await open(`/casino/play/${encoded}`, {
    width: 390,
    height: 844,
    mobile: true,
    lang: 'tr',
    popup: false,
  });
  const login = page.getByRole('dialog', { name: T.tr.login });
  await login.waitFor();
  await login.getByLabel('Kullanıcı adı').fill(username);
  await login.getByLabel('Şifre', { exact: true }).fill('gizli123');
  await login.getByRole('button', { name: T.tr.login, exact: true }).click();
  await page.getByTestId('play-dialog').waitFor();
  await page.locator(`iframe[title="${SLOT.tr}"]`).waitFor();
  await context.close();

  // Logged out, a heart opens the login form and marks nothing.
  const second = await open('/casino/slot', { width: 390, height: 844, mobile: true, lang: 'tr' });
  await tile(second.page, SLOT.code).waitFor();
  await second.page.getByRole('button', { name: T.tr.heart(SLOT.tr) }).click();
  await second.page.getByRole('dialog', { name: T.tr.login }).waitFor();
  await second.context.close();
});

test("an outside provider's failed launch: EGT shows the message and closes, Digitain shows it and stays (section 8)", async () => {
  const { authData } = await registerPlayer(server.apiUrl, 'co');
  const { context, page, errors } = await open('/casino/slot', {
    width: 1440,
    lang: 'en',
    authData,
  });
  // EGT Digital (no credentials configured): the message, and the game closes.
  await tile(page, 'egt-flaming-fruits-40').locator('.game-tile__play').click();
  await page
    .locator('[data-sonner-toast][data-type="error"]')
    .getByText('EGT Digital is not available right now: its games cannot be opened.')
    .waitFor();
  await page.waitForURL(/\/casino\/slot$/);
  assert.equal(await page.getByTestId('game-window').count(), 0);

  // Digitain: the message, and the game window stays with it.
  const encoded = Buffer.from(
    encodeURIComponent(
      JSON.stringify({
        providerName: 'Digitain',
        gameCode: 'dg-turkish-roulette',
        name: 'Turkish Roulette',
      }),
    ),
  ).toString('base64');
  await page.goto(`${server.baseUrl}/casino/play/${encoded}`, { waitUntil: 'networkidle' });
  await closePopupIfShown(page);
  const message = 'Digitain is not available right now: its games cannot be opened.';
  await page.locator('[data-sonner-toast][data-type="error"]').getByText(message).waitFor();
  await page.getByTestId('game-error').getByText(message).waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId('game-window').count(), 1);
  assert.match(page.url(), /\/casino\/play\//);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Runs `steps` (given a `step(name)` to say where it is) for at most `ms`: a step that hangs (a
 * call with no time-out of its own) fails the test naming that step, not as its 5-minute time-out.
 */
async function bounded(ms, steps) {
  let at = 'start';
  let timer;
  const stuck = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stuck for ${ms / 1000} s at: ${at}`)), ms);
  });
  try {
    await Promise.race([steps((name) => (at = name)), stuck]);
  } finally {
    clearTimeout(timer);
  }
}

test("the game window closes on the hub's exit command (phone and desktop)", async () => {
  for (const mobile of [true, false]) {
    await bounded(120_000, async (step) => {
      step('register');
      const { username, authData } = await registerPlayer(server.apiUrl, 'cx');
      const size = mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 };
      step('open the lobby');
      const { context, page } = await open('/casino/slot', {
        ...size,
        mobile,
        lang: 'tr',
        authData,
      });
      step('open the game');
      await tile(page, SLOT.code).locator('.game-tile__play').click();
      await page.getByTestId('game-window').locator('iframe').waitFor();
      // Wait for the hub to be connected before the operator ends the session.
      await page.waitForTimeout(1500);
      step('kasa admin player logout');
      await admin('player', 'logout', '--player', username);
      step('the game window closed');
      await page.getByTestId('game-window').waitFor({ state: 'detached', timeout: 15_000 });
      if (!mobile) {
        step('leaving the play page');
        await page.waitForURL((url) => !url.pathname.startsWith('/casino/play/'), {
          timeout: 15_000,
        });
      }
      step('the reload after the logout');
      await reloadedAfterLogout(page);
      step('closing the page');
      await closeContext(context);
    });
  }
});

test('screenshots: lobby (logged in and out), game and Game History at 320, 390, 1024, 1440 px', async () => {
  const { username, authData } = await registerPlayer(server.apiUrl, 'cs');
  await admin('wallet', 'adjust', '--player', username, '--amount', '50', '--reason', 'e2e');
  for (const lang of ['tr', 'en']) {
    for (const width of [320, 390, 1024, 1440]) {
      const mobile = width < 992;
      const height = mobile ? 800 : 900;
      const out = await open('/casino/slot', { width, height, mobile, lang });
      await tiles(out.page).first().waitFor();
      await noOverflow(out.page, `lobby logged out ${lang} ${width}`);
      await shot(out.page, `shot-lobby-out-${lang}-${width}`);
      await out.context.close();

      const { context, page } = await open('/casino/slot', {
        width,
        height,
        mobile,
        lang,
        authData,
      });
      await tiles(page).first().waitFor();
      await noOverflow(page, `lobby ${lang} ${width}`);
      await shot(page, `shot-lobby-in-${lang}-${width}`);
      await tile(page, SLOT.code).locator('.game-tile__play').click();
      const win = page.getByTestId('game-window');
      await win.waitFor();
      await page
        .frameLocator('iframe')
        .getByRole('button', { name: T[lang].spin, exact: true })
        .waitFor({ timeout: 20_000 });
      await noOverflow(page, `game ${lang} ${width}`);
      await shot(page, `shot-game-${lang}-${width}`);
      if (lang === 'tr' && width === 320) {
        // One round, so Game History has a row in every shot.
        await page
          .frameLocator('iframe')
          .getByRole('button', { name: T.tr.spin, exact: true })
          .click();
        await until('a round', async () => (await api('casino/history', authData)).total > 0);
      }
      await page.goto(`${server.baseUrl}/dashboard/game-history`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: T[lang].history, level: 1 }).waitFor();
      await noOverflow(page, `history ${lang} ${width}`);
      await shot(page, `shot-history-${lang}-${width}`);
      await context.close();
    }
  }
});
