// The studio's table games in the browser against the real `kasa` binary: a funded player plays
// European roulette launched from the live lobby (/casino/live, Turkish, 1440 px), Keno 80 from the
// bingo lobby (/casino/popular-games, English, 390 px in the Play dialog) and the Lucky Wheel from
// TV Bets (/casino/tvbets, English, 1024 px); each round moves the site's and the game's balance
// by exactly win - bet of the round the server answered. Screenshots of each game (a round played)
// at 320, 390, 1024 and 1440 px go to e2e/artifacts/tables/ (SHOTS_DIR to change), and axe-core
// finds nothing in the game's page then.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  artifactsDir,
  axeProblems,
  fundedPlayer as sharedFundedPlayer,
  launchFromLobby as sharedLaunchFromLobby,
  lira,
  meterShows,
  noOverflow,
  openGame as sharedOpenGame,
  screenshot,
  startServerAndBrowser,
  stopServerAndBrowser,
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

/**
 * axe findings known in a game's own code (not the shared frame), left out until that code is
 * mended (label-content-name-mismatch: a button's visible text must be in its name): the
 * roulette's column buttons show "2:1" but their names hold it in parentheses ("Column 1 (2:1)"),
 * which axe reads past; the wheel's mark buttons show the mark and the segment count in two spans
 * with no space between ("×2" "25 segments", read as "×225 segments"), and their names ("Bet on
 * ×2") leave the count out.
 */
const KNOWN_AXE = {
  roulette: [/label-content-name-mismatch .*(Kolon|Column) \d \(2:1\)/],
  wheel: [/label-content-name-mismatch .*\.lw-spot--/],
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

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser({ server, browser }));

const api = (path, authData, options) => apiAs(server.apiUrl, authData, path, options);
const fundedPlayer = (tag, amount) => sharedFundedPlayer(server, tag, amount);
const launchFromLobby = (game, options) =>
  sharedLaunchFromLobby(browser, server, game, { ...options, shotsDir });
const openGame = (game, authData, lang, width) =>
  sharedOpenGame(browser, server, game, authData, lang, width);

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
  await meterShows(frame, expected, lang);
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

test('screenshots: each game at 320, 390, 1024 and 1440 px, a round played', async () => {
  const { authData } = await fundedPlayer('ts', '1000');
  const problems = [];
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
      await meterShows(page, body.data.balance, lang);
      await noOverflow(page, `${kind} ${lang} ${width}`);
      await screenshot(page, join(shotsDir, `${kind}-${lang}-${width}.png`));
      // The shared frame (landmarks, the chips' contrast) and the game's own parts.
      const where = `${kind} ${lang} ${width}`;
      problems.push(...(await axeProblems(page, where, { known: KNOWN_AXE[kind] })));
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
  assert.deepEqual(problems, [], 'axe');
});
