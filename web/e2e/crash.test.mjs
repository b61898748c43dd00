// Kasa Aviator (the studio's crash game) in the browser against the real `kasa` binary: a funded
// player opens the side menu's Aviator item (it launches the crash game), bets during the betting
// time, cashes out while the plane flies (a round that crashes first is retried) and sees the win
// in the game and on the site (balance = before − bet + win as the server answered); a bet with
// auto cash-out at 1.01x is settled by the server; a refused bet shows the server's message; a
// round's hash verifies in the fairness panel. On a phone the menu's Aviator item opens it too.
// Screenshots at 320, 390, 1024 and 1440 px in Turkish and English go to e2e/artifacts/crash/
// (SHOTS_DIR to change).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  artifactsDir,
  fundedPlayer as fundedPlayerOf,
  launchBrowser,
  lira,
  openLoggedIn,
  openPage,
  runAxe,
  screenshot,
  startServer,
  test,
  until,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? join(artifactsDir, 'crash');
mkdirSync(shotsDir, { recursive: true });

const CODE = 'kasa-aviator';
const NAME = 'Kasa Aviator';

const T = {
  tr: {
    panel: (n) => `Bahis ${n}`,
    bet: /^Bahis yap/,
    cashOut: /^Nakit al/,
    auto: 'Otomatik nakit al',
    target: 'Hedef çarpan',
    amount: 'Bahis tutarı',
    fairness: 'Adil oyun',
    info: 'Oyun bilgisi',
    close: 'Kapat',
    flewAway: /^Uçtu! \d+,\d\dx$/,
    countdown: /sonraki tur \d+ sn içinde/,
  },
  en: {
    panel: (n) => `Bet ${n}`,
    bet: /^Place bet/,
    cashOut: /^Cash out/,
    auto: 'Auto cash-out',
    target: 'Target multiplier',
    amount: 'Bet amount',
    fairness: 'Fairness',
    info: 'Game info',
    close: 'Close',
    flewAway: /^Flew away! \d+\.\d\dx$/,
    countdown: /next round in \d+ s/,
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

const api = (path, authData, options) => apiAs(server.apiUrl, authData, path, options);
const fundedPlayer = (tag, amount) => fundedPlayerOf(server, tag, amount);

const balanceNow = async (authData) => (await api('user/balance', authData)).balance;

/** No sideways overflow in a document (the page or the game's frame). */
async function noOverflow(target, where) {
  const problem = await target.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length)
      .filter((el) => !el.closest('dialog:not([open])') && !el.closest('.chistory__list'))
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

/** axe-core's serious and critical violations of the game's page. */
async function axeClean(page, where) {
  const violations = await runAxe(page);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`);
  assert.deepEqual(serious, [], `${where}: axe`);
}

/** The feed's messages the page received (every frame of the page), parsed. */
function captureFeed(page) {
  const messages = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/games/api/crash/feed')) return;
    ws.on('framereceived', ({ payload }) => {
      try {
        messages.push(JSON.parse(String(payload)));
      } catch {
        /* not JSON */
      }
    });
  });
  return messages;
}

const enabled = async (button) =>
  (await button.count()) > 0 && (await button.getAttribute('aria-disabled')) === 'false';

/**
 * Waits for a round taking bets with at least 2 s left, and presses the panel's Bet button: the
 * server's answer (null when the bet came too late and another round must be waited for).
 */
async function placeBet(page, frame, panel, t) {
  const button = panel.getByRole('button', { name: t.bet });
  await until(
    'a round taking bets',
    async () => {
      if (!(await enabled(button))) return false;
      const text = await frame
        .locator('.ccount')
        .innerText()
        .catch(() => '');
      const left = Number(text.match(/\d+/)?.[0] ?? 0);
      return left >= 2;
    },
    // A long flight (100x is 77 s) is waited for.
    170_000,
  );
  const answer = page.waitForResponse(
    (r) => r.url().includes('/games/api/crash/bet') && r.request().method() === 'POST',
  );
  await button.click();
  const body = await (await answer).json();
  if (!body.success && /kapandı|closed/i.test(body.message ?? '')) return null;
  assert.equal(body.success, true, JSON.stringify(body));
  return body.data;
}

test('Kasa Aviator from the side menu at 1440 px (Turkish): bet, cash out, auto cash-out, a refused bet, fairness', async () => {
  const lang = 'tr';
  const t = T[lang];
  const { authData } = await fundedPlayer('av', '100');
  const { context, page, errors } = await openLoggedIn(browser, server.baseUrl, authData, {
    width: 1440,
    height: 900,
    lang,
  });
  const feed = captureFeed(page);

  // The side menu's Aviator item launches the crash game.
  await page.locator('aside.sidebar').getByText('Aviator', { exact: true }).first().click();
  await page.waitForURL(/\/casino\/play\//);
  const frameEl = page.locator(`iframe[title="${NAME}"]`);
  await frameEl.waitFor();
  assert.match(await frameEl.getAttribute('src'), new RegExp(`/games/${CODE}/\\?token=`));
  const frame = page.frameLocator(`iframe[title="${NAME}"]`);
  const panel = frame.getByRole('region', { name: t.panel(1) });
  const panel2 = frame.getByRole('region', { name: t.panel(2) });
  await panel.getByRole('button', { name: /./ }).last().waitFor({ timeout: 20_000 });
  const header = page.locator('header.header .header__balance');
  const gameBalance = frame.locator('.meter--balance .meter__value');

  // Bet 1 ₺, cash out while flying; a round that crashes first (or closes first) is retried.
  let settled = null;
  for (let attempt = 0; attempt < 6 && !settled; attempt++) {
    const before = await balanceNow(authData);
    const placed = await placeBet(page, frame, panel, t);
    if (!placed) continue;
    assert.equal(placed.amount, 100);
    assert.equal(placed.balance, Math.round(before * 100 - 100) / 100, 'the bet is taken');
    await until(`the game's balance after the bet`, async () =>
      (await gameBalance.innerText()).includes(lira(placed.balance, lang)),
    );
    const cash = panel.getByRole('button', { name: t.cashOut });
    const state = await until(
      'the flight (or the crash)',
      async () => {
        if (await enabled(cash)) return 'flying';
        const s = await panel.getAttribute('data-state');
        // A round that crashes at once may pass between two looks, flight and loss both: a panel
        // back to idle after a placed bet means it was lost and the next round is open.
        return s === 'lost' || s === 'idle' ? 'lost' : false;
      },
      30_000,
    );
    if (state === 'lost') continue;
    await screenshot(page, join(shotsDir, 'journey-flying-tr-1440.png'));
    const answer = page
      .waitForResponse(
        (r) => r.url().includes('/games/api/crash/cashout') && r.request().method() === 'POST',
        { timeout: 30_000 },
      )
      .then((r) => r.json());
    answer.catch(() => {});
    // The round may crash between the look and the click (the screenshot takes time): the button
    // is then disabled, no request leaves, and the panel shows the loss.
    await cash.click({ timeout: 5_000 }).catch(() => {});
    const outcome = await Promise.race([
      answer.then((body) => ({ body })),
      until(
        'the cash-out answer (or the crash)',
        async () => {
          // As above: a crash missed between two looks leaves the panel idle for the next round.
          const s = await panel.getAttribute('data-state');
          return s === 'lost' || s === 'idle' ? 'lost' : false;
        },
        30_000,
      ).then(() => new Promise((r) => setTimeout(() => r({ lost: true }), 1_500))),
    ]);
    if (outcome.lost) continue;
    const body = outcome.body;
    if (!body.success) {
      // Too late: the server's message is shown, and the next round is tried.
      await frame.locator('.cmessage[data-kind="error"]').getByText(body.message).waitFor();
      continue;
    }
    const { win, cashOut } = body.data;
    assert.ok(cashOut >= 1 && win === Math.floor((100 * Math.round(cashOut * 100)) / 100));
    const expected = Math.round(before * 100 - 100 + win) / 100;
    assert.equal(body.data.balance, expected, 'the answer: balance = before - bet + win');
    assert.equal(await balanceNow(authData), expected, 'the site: balance = before - bet + win');
    await until(`the game's balance ${lira(expected, lang)}`, async () =>
      (await gameBalance.innerText()).includes(lira(expected, lang)),
    );
    await until(`the header's balance ${lira(expected, lang)}`, async () =>
      (await header.innerText()).includes(lira(expected, lang)),
    );
    assert.equal(await panel.getAttribute('data-state'), 'cashed');
    // The round's bets list the player's cash-out, once (the only player of the round).
    const mine = frame.locator('.cbets__table tr.is-mine');
    await until('my row cashed out', async () =>
      (await mine.first().innerText()).includes(lira(win / 100, lang)),
    );
    await page.waitForTimeout(600);
    assert.equal(await frame.locator('.cbets__table tbody tr').count(), 1, 'one row a bet');
    settled = body.data;
  }
  assert.ok(settled, 'a bet was cashed out within six rounds');
  // The crash on the stage.
  await frame.locator('.cstatus').getByText(t.flewAway).waitFor({ timeout: 170_000 });
  await screenshot(page, join(shotsDir, 'journey-cashed-tr-1440.png'));

  // More than the balance: the server refuses, its message shown.
  await panel2.getByLabel(t.amount).fill('1000');
  await panel2.getByLabel(t.amount).press('Enter');
  const refusedBefore = await balanceNow(authData);
  const button2 = panel2.getByRole('button', { name: t.bet });
  await until('a round taking bets', () => enabled(button2), 170_000);
  const refused = page.waitForResponse((r) => r.url().includes('/games/api/crash/bet'));
  await button2.click();
  const refusal = await (await refused).json();
  assert.equal(refusal.success, false);
  await frame.locator('.cmessage[data-kind="error"]').getByText(refusal.message).waitFor();
  assert.equal(await balanceNow(authData), refusedBefore, 'a refused bet moves nothing');

  // Auto cash-out at 1.01x: the server settles it (retried when the round ends at 1.00x).
  await panel2.getByLabel(t.amount).fill('2');
  await panel2.getByLabel(t.amount).press('Enter');
  await panel2.getByRole('switch', { name: t.auto }).click();
  await panel2.getByLabel(t.target).fill('1,01');
  await panel2.getByLabel(t.target).press('Enter');
  let auto = null;
  for (let attempt = 0; attempt < 6 && !auto; attempt++) {
    const before = await balanceNow(authData);
    const placed = await placeBet(page, frame, panel2, t);
    if (!placed) continue;
    assert.equal(placed.amount, 200);
    assert.equal(placed.autoCashOut, 1.01);
    const end = await until(
      'the auto cash-out (or the crash)',
      async () => {
        const s = await panel2.getAttribute('data-state');
        return s === 'cashed' || s === 'lost' ? s : false;
      },
      170_000,
    );
    if (end === 'lost') continue;
    const pushed = await until('the cash-out on the feed', () =>
      feed.find((m) => m.type === 'cashout' && m.mine && m.roundId === placed.roundId),
    );
    assert.equal(pushed.slot, 1);
    assert.ok(pushed.cashOut >= 1.01);
    assert.equal(pushed.win, Math.floor((200 * Math.round(pushed.cashOut * 100)) / 100));
    const expected = Math.round(before * 100 - 200 + pushed.win) / 100;
    await until(
      `the site's balance ${expected}`,
      async () => (await balanceNow(authData)) === expected,
    );
    await until(`the game's balance ${lira(expected, lang)}`, async () =>
      (await gameBalance.innerText()).includes(lira(expected, lang)),
    );
    await until(`the header's balance ${lira(expected, lang)}`, async () =>
      (await header.innerText()).includes(lira(expected, lang)),
    );
    auto = pushed;
  }
  assert.ok(auto, 'an auto cash-out within six rounds');

  // Fairness: the newest round's hash verifies on the server and in the browser, chain included.
  await frame.getByRole('button', { name: t.fairness }).click();
  const fair = frame.getByRole('dialog');
  await fair.locator('.rounds__table tbody tr').first().waitFor();
  await fair.locator('.rounds__table tbody tr').first().getByRole('button').click();
  await fair.getByText('Tarayıcının hesabı sunucununkiyle aynı.').waitFor();
  await fair.getByText('Zincir tutuyor', { exact: false }).waitFor();
  await screenshot(page, join(shotsDir, 'journey-fair-tr-1440.png'));
  await fair.getByRole('button', { name: t.close }).click();
  // The rules name the RTP.
  await frame.getByRole('button', { name: t.info }).click();
  await frame.getByRole('dialog').getByText('RTP %97,00').waitFor();
  await frame.getByRole('dialog').getByRole('button', { name: t.close }).click();

  assert.deepEqual(errors, []);
  await context.close();
});

test("the phone's menu opens Kasa Aviator too (390 px, English)", async () => {
  const { authData } = await fundedPlayer('am', '10');
  const { context, page, errors } = await openLoggedIn(browser, server.baseUrl, authData, {
    width: 390,
    height: 844,
    mobile: true,
    lang: 'en',
  });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog').getByText('Aviator', { exact: true }).first().click();
  await page.locator(`iframe[title="${NAME}"]`).waitFor();
  const frame = page.frameLocator(`iframe[title="${NAME}"]`);
  await frame.getByRole('region', { name: T.en.panel(1) }).waitFor({ timeout: 20_000 });
  await screenshot(page, join(shotsDir, 'menu-launch-en-390.png'));
  assert.deepEqual(errors, []);
  await context.close();
});

/** The game page opened straight from a launch URL. */
async function openGame(authData, lang, width) {
  const url = await api('casino/kasalaunchurl', authData, {
    method: 'POST',
    body: { code: CODE, isMobile: width < 992 },
  });
  const href = typeof url === 'string' ? url : (url.url ?? url.launchUrl);
  const full = new URL(href, server.baseUrl);
  full.searchParams.set('lang', lang);
  const height = width < 992 ? (width === 320 ? 568 : 844) : width === 1024 ? 768 : 900;
  return openPage(browser, full.toString(), { width, height, mobile: width < 992 });
}

test('screenshots: the game at 320, 390, 1024 and 1440 px in Turkish and English', async () => {
  const { authData } = await fundedPlayer('as', '100');
  for (const lang of ['tr', 'en']) {
    const t = T[lang];
    for (const width of [320, 390, 1024, 1440]) {
      const { context, page, errors } = await openGame(authData, lang, width);
      await page.getByRole('region', { name: t.panel(2) }).waitFor({ timeout: 20_000 });
      // The round on the stage: the countdown, the multiplier or the crash.
      await until('the round shown', async () => {
        const texts = await page.locator('.cstage__center > :not([hidden])').allInnerTexts();
        return texts.some((x) => x.trim());
      });
      await page.locator('.chistory__list li').first().waitFor();
      await noOverflow(page, `crash ${lang} ${width}`);
      await screenshot(page, join(shotsDir, `crash-${lang}-${width}.png`));
      if (width === 390 || width === 1440) await axeClean(page, `crash ${lang} ${width}`);
      if (width === 390) {
        await page.getByRole('button', { name: t.info }).click();
        await page.getByRole('dialog').getByText(/RTP/).first().waitFor();
        await screenshot(page, join(shotsDir, `crash-info-${lang}-${width}.png`));
        await page.getByRole('dialog').getByRole('button', { name: t.close }).click();
        await page.getByRole('button', { name: t.fairness }).click();
        await page.getByRole('dialog').locator('.rounds__table tbody tr').first().waitFor();
        await screenshot(page, join(shotsDir, `crash-fair-${lang}-${width}.png`));
        await page.getByRole('dialog').getByRole('button', { name: t.close }).click();
      }
      assert.deepEqual(errors, [], `${lang} ${width}`);
      await context.close();
    }
  }
});
