// The studio's table games in the browser against the real `kasa` binary: a funded player plays
// European roulette launched from the live lobby (/casino/live, Turkish, 1440 px), Keno 80 from the
// bingo lobby (/casino/popular-games, English, 390 px in the Play dialog) and the Lucky Wheel from
// TV Bets (/casino/tvbets, English, 1024 px); each round moves the site's and the game's balance
// by exactly win - bet of the round the server answered. Screenshots of each game (a round played)
// at 320, 390, 1024 and 1440 px go to e2e/artifacts/tables/ (SHOTS_DIR to change).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  artifactsDir,
  kasaAdmin,
  launchBrowser,
  openLoggedIn,
  openPage,
  registerPlayer,
  screenshot,
  startServer,
  test,
  until,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? join(artifactsDir, 'tables');
mkdirSync(shotsDir, { recursive: true });

const GAMES = {
  roulette: {
    code: 'kasa-european-roulette',
    lobby: '/casino/live',
    tr: 'Avrupa Ruleti',
    en: 'European Roulette',
  },
  keno: { code: 'kasa-keno', lobby: '/casino/popular-games', tr: 'Keno 80', en: 'Keno 80' },
  wheel: { code: 'kasa-lucky-wheel', lobby: '/casino/tvbets', tr: 'Şans Çarkı', en: 'Lucky Wheel' },
};

const T = {
  tr: {
    spin: 'Çevir',
    play: 'Oyna',
    chip: 'Fiş 1,00 ₺',
    straight: (n) => new RegExp(`^Düz ${n}(,|$)`),
    red: /^Kırmızı(,|$)/,
    quickPick: 'Hızlı seçim',
    mark: (m) => new RegExp(`^×${m} üzerine bahis`),
    info: 'Oyun bilgisi',
    fairness: 'Adil oyun',
    close: 'Kapat',
  },
  en: {
    spin: 'Spin',
    play: 'Play',
    chip: 'Chip ₺1.00',
    straight: (n) => new RegExp(`^Straight ${n}(,|$)`),
    red: /^Red(,|$)/,
    quickPick: 'Quick pick',
    mark: (m) => new RegExp(`^Bet on ×${m}(,|$)`),
    info: 'Game info',
    fairness: 'Fairness',
    close: 'Close',
  },
};

let server;
let browser;

before(async () => {
  server = await startServer({ env: { KASA_LIMIT_REGISTER_IP: '100/3600' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function api(path, authData, { method = 'GET', body } = {}) {
  const res = await fetch(`${server.apiUrl}/api/${path}`, {
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

async function fundedPlayer(tag, amount = '100') {
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

/** A lira amount as the game writes it (tr: 1.234,56 ₺, en: ₺1,234.56). */
function lira(amount, lang) {
  const n = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return lang === 'tr' ? `${n} ₺` : `₺${n}`;
}

/** No sideways overflow in a document (the page or the game's frame). */
async function noOverflow(target, where) {
  const problem = await target.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length)
      .filter((el) => !el.closest('dialog:not([open])'))
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className?.baseVal ?? el.className).split(' ')[0]}`,
      );
    return root.scrollWidth > width || wide.length
      ? `${root.scrollWidth} > ${width}: ${wide.join(', ')}`
      : null;
  });
  assert.equal(problem, null, `${where}: something sticks out sideways`);
}

/** Opens the lobby logged in, launches the game from its tile; the game's frame. */
async function launchFromLobby(game, { authData, lang, width, height, mobile }) {
  const opened = await openLoggedIn(browser, server.baseUrl, authData, {
    width,
    height,
    mobile,
    lang,
  });
  const { page } = opened;
  await page.goto(`${server.baseUrl}${game.lobby}`, { waitUntil: 'networkidle' });
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

/**
 * Plays one round in the game (`act` places the stakes and presses the button) and checks the
 * balance moved by win - bet of the answer, on the site's API and in the game.
 */
async function playRound(page, frame, authData, lang, act) {
  const before = (await api('user/balance', authData)).balance;
  const answer = page.waitForResponse(
    (r) => r.url().includes('/games/api/play') && r.request().method() === 'POST',
  );
  await act();
  const res = await answer;
  const body = await res.json();
  assert.equal(body.success, true, JSON.stringify(body));
  const { bet, win, balance } = body.data;
  assert.ok(bet > 0);
  const expected = Math.round(before * 100 - bet + win) / 100;
  assert.equal(balance, expected, 'the answer: balance = before - bet + win');
  const now = (await api('user/balance', authData)).balance;
  assert.equal(now, expected, 'the site: balance = before - bet + win');
  const meter = frame.locator('.meter--balance .meter__value');
  await until(
    `the game's balance ${lira(expected, lang)}`,
    async () => (await meter.innerText()) === lira(expected, lang),
    20_000,
  );
  return body.data;
}

test('roulette from the live lobby at 1440 px (Turkish): a straight and red, the balance by win - bet', async () => {
  const lang = 'tr';
  const t = T[lang];
  const { authData } = await fundedPlayer('tr');
  const { context, page, frame, errors } = await launchFromLobby(GAMES.roulette, {
    authData,
    lang,
    width: 1440,
    height: 900,
  });
  await frame.getByRole('button', { name: t.spin, exact: true }).waitFor({ timeout: 20_000 });
  await frame.getByRole('button', { name: t.chip }).click();
  await frame.getByRole('button', { name: t.straight(17) }).click();
  await frame.getByRole('button', { name: t.red }).click();
  // A corner by the top right corner of 17's cell, a split by its left edge.
  const cell = frame.getByRole('button', { name: t.straight(17) });
  const box = await cell.boundingBox();
  await cell.click({ position: { x: box.width - 2, y: 2 } });
  await cell.click({ position: { x: 2, y: box.height / 2 } });
  assert.equal(await frame.locator('.rl-chip').count(), 4);
  // The total bet shows 4 ₺ before the spin.
  assert.equal(await frame.locator('.meter--bet .meter__value').innerText(), lira(4, lang));
  await screenshot(page, join(shotsDir, 'journey-roulette-bets-tr-1440.png'));
  const data = await playRound(page, frame, authData, lang, () =>
    frame.getByRole('button', { name: t.spin, exact: true }).click(),
  );
  assert.equal(data.bet, 400);
  assert.equal(data.outcome.draw.game, 'roulette');
  const kinds = data.outcome.stakes.map((s) => `${s.kind}:${s.numbers.join('-')}`).sort();
  assert.deepEqual(kinds, ['corner:17-18-20-21', 'red:', 'split:14-17', 'straight:17']);
  const n = data.outcome.draw.number;
  const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  const expectedWin =
    (n === 17 ? 3600 : 0) +
    (red.includes(n) ? 200 : 0) +
    ([17, 18, 20, 21].includes(n) ? 900 : 0) +
    ([14, 17].includes(n) ? 1800 : 0);
  assert.equal(data.win, expectedWin);
  // The number joins the last numbers.
  await until(
    'the history',
    async () => (await frame.locator('.rl-history li').first().innerText()).trim() === String(n),
  );
  // The rules panel names the exact RTP.
  await frame.getByRole('button', { name: t.info }).click();
  await frame.getByRole('dialog').getByText('RTP %97,30').waitFor();
  await frame.getByRole('dialog').getByRole('button', { name: t.close }).click();
  // The fairness panel lists the round; a new seed reveals the old one and the round verifies.
  await frame.getByRole('button', { name: t.fairness }).click();
  const fair = frame.getByRole('dialog');
  await fair.locator('.rounds__table tbody tr').first().waitFor();
  await fair.getByRole('button', { name: 'Tohumu değiştir' }).click();
  await fair.getByText('Tohum değiştirildi.', { exact: false }).waitFor();
  const verify = fair.locator('.rounds__table tbody tr').first().getByRole('button');
  await until('the round verifiable', async () => await verify.isEnabled());
  await verify.click();
  await fair.getByText('Yeniden hesaplanan sonuç kayıtlı turla aynı.').waitFor();
  await fair.getByText(`Sonuç: ${n} `).waitFor();
  await fair.getByRole('button', { name: t.close }).click();
  await screenshot(page, join(shotsDir, 'journey-roulette-tr-1440.png'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('keno from the bingo lobby at 390 px in the Play dialog (English): a quick pick', async () => {
  const lang = 'en';
  const t = T[lang];
  const { authData } = await fundedPlayer('ke');
  const { context, page, frame, errors } = await launchFromLobby(GAMES.keno, {
    authData,
    lang,
    width: 390,
    height: 844,
    mobile: true,
  });
  await page.getByTestId('play-dialog').waitFor();
  await frame.getByRole('button', { name: t.play, exact: true }).waitFor({ timeout: 20_000 });
  await frame.getByRole('button', { name: t.chip }).click();
  await frame.getByRole('button', { name: t.quickPick }).click();
  const picked = await frame.locator('.kn-cell[aria-pressed="true"]').count();
  assert.equal(picked, 5);
  await frame.getByText('Pays for 5 picks').waitFor();
  const data = await playRound(page, frame, authData, lang, () =>
    frame.getByRole('button', { name: t.play, exact: true }).click(),
  );
  assert.equal(data.bet, 100);
  assert.equal(data.outcome.draw.drawn.length, 20);
  await until(
    'all twenty balls',
    async () => (await frame.locator('.kn-ball:not(.kn-ball--empty)').count()) === 20,
  );
  await noOverflow(frame.locator('html'), 'keno 390');
  await screenshot(page, join(shotsDir, 'journey-keno-en-390.png'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lucky wheel from TV Bets at 1024 px (English): two marks, then a refused bet', async () => {
  const lang = 'en';
  const t = T[lang];
  const { authData } = await fundedPlayer('lw', '10');
  const { context, page, frame, errors } = await launchFromLobby(GAMES.wheel, {
    authData,
    lang,
    width: 1024,
    height: 768,
  });
  await frame.getByRole('button', { name: t.spin, exact: true }).waitFor({ timeout: 20_000 });
  await frame.getByRole('button', { name: t.chip }).click();
  await frame.getByRole('button', { name: t.mark(2) }).click();
  await frame.getByRole('button', { name: t.mark(24) }).click();
  const data = await playRound(page, frame, authData, lang, () =>
    frame.getByRole('button', { name: t.spin, exact: true }).click(),
  );
  assert.equal(data.bet, 200);
  const { mark } = data.outcome.draw;
  assert.equal(data.win, mark === 2 ? 200 : mark === 24 ? 2400 : 0);
  await screenshot(page, join(shotsDir, 'journey-wheel-en-1024.png'));

  // More than the balance: the server's message, in the game's language.
  await frame.getByRole('button', { name: 'Chip ₺500.00' }).click();
  await frame.getByRole('button', { name: t.mark(4) }).click();
  await frame.getByRole('button', { name: t.spin, exact: true }).click();
  await frame.locator('.tmessage[data-kind="error"]').getByText('Not enough balance').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

/** A game page opened straight from a launch URL. */
async function openGame(game, authData, lang, width) {
  const url = await api('casino/kasalaunchurl', authData, {
    method: 'POST',
    body: { code: game.code, isMobile: width < 992 },
  });
  const href = typeof url === 'string' ? url : (url.url ?? url.launchUrl);
  const full = new URL(href, server.baseUrl);
  full.searchParams.set('lang', lang);
  const height = width < 992 ? (width === 320 ? 568 : 844) : 900;
  return openPage(browser, full.toString(), { width, height, mobile: width < 992 });
}

test('screenshots: each game at 320, 390, 1024 and 1440 px, a round played', async () => {
  const { authData } = await fundedPlayer('ts', '1000');
  const rounds = {
    roulette: async (frame, t) => {
      await frame.getByRole('button', { name: t.straight(0) }).click();
      await frame.getByRole('button', { name: t.straight(32) }).click();
      await frame.getByRole('button', { name: t.red }).click();
      await frame.getByRole('button', { name: t.spin, exact: true }).click();
    },
    keno: async (frame, t) => {
      await frame.getByRole('button', { name: t.quickPick }).click();
      await frame.getByRole('button', { name: t.play, exact: true }).click();
    },
    wheel: async (frame, t) => {
      await frame.getByRole('button', { name: t.mark(6) }).click();
      await frame.getByRole('button', { name: t.mark(12) }).click();
      await frame.getByRole('button', { name: t.spin, exact: true }).click();
    },
  };
  let i = 0;
  for (const [kind, game] of Object.entries(GAMES)) {
    for (const width of [320, 390, 1024, 1440]) {
      const lang = i++ % 2 === 0 ? 'tr' : 'en';
      const t = T[lang];
      const { context, page, errors } = await openGame(game, authData, lang, width);
      const action = kind === 'keno' ? t.play : t.spin;
      await page.getByRole('button', { name: action, exact: true }).waitFor({ timeout: 20_000 });
      const answer = page.waitForResponse((r) => r.url().includes('/games/api/play'));
      await rounds[kind](page, t);
      const body = await (await answer).json();
      assert.equal(body.success, true);
      await until(
        'the round shown',
        async () =>
          (await page.locator('.meter--balance .meter__value').innerText()) ===
          lira(body.data.balance, lang),
      );
      await noOverflow(page, `${kind} ${lang} ${width}`);
      await screenshot(page, join(shotsDir, `${kind}-${lang}-${width}.png`));
      if (width === 390) {
        // The rules panel (with the exact RTP) and the fairness panel on a phone.
        await page.getByRole('button', { name: t.info }).click();
        await page.getByRole('dialog').getByText(/RTP/).first().waitFor();
        await screenshot(page, join(shotsDir, `${kind}-info-${lang}-${width}.png`));
        await page.getByRole('dialog').getByRole('button', { name: t.close }).click();
        await page.getByRole('button', { name: t.fairness }).click();
        await page.locator('.rounds__table tbody tr').first().waitFor();
        await screenshot(page, join(shotsDir, `${kind}-fair-${lang}-${width}.png`));
        await page.getByRole('dialog').getByRole('button', { name: t.close }).click();
      }
      assert.deepEqual(errors, [], `${kind} ${width}`);
      await context.close();
    }
  }
});
