// The built-in sportsbook (issue 17) in the browser, against the real `kasa` binary, at 390 px (a
// phone, Turkish) and 1440 px (a desktop, English). A funded player opens /spor (the book's frame),
// adds three pre-match selections (Match Result: 1) from the list, places a combo from the slip (a
// sheet on the phone, a side column on the desktop) and sees the balance drop in the frame and in
// the site's header; the operator enters the three results (`kasa admin sports result`) and the
// player sees the bet won in My Bets, paid what the slip promised, and both balances rise by it. A
// tennis match kicked off now (`kasa admin sports kickoff`, so there is a live event at any hour)
// is bet on from /livespor: the bet waits its live delay ('waiting for acceptance') and is
// accepted; then it is cashed out from My Bets (confirming a changed value if asked) and the
// balance rises by the cash-out. A visitor gets the frame without a token, and placing a bet opens
// the site's login form. Screenshots of each state go to e2e/artifacts/sportsbook/; nothing
// in the frame overflows sideways and axe-core finds nothing in it.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  artifact,
  axeProblems,
  closePopupIfShown,
  fundedPlayer,
  kasaAdmin,
  launchBrowser,
  lira,
  openLoggedIn,
  openPage,
  screenshot,
  startServer,
  test,
  until,
} from './helpers.mjs';

const shotsDir = artifact('sportsbook');
mkdirSync(shotsDir, { recursive: true });

/** The tennis live delay (server/src/sports/betting.rs `live_delay_ms`). */
const TENNIS_DELAY_MS = 3000;

/** The frame's texts the tests look for (web/sportsbook/src/texts.ts). */
const T = {
  tr: {
    football: 'Futbol',
    tennis: 'Tenis',
    myBets: 'Bahislerim',
    slip: 'Kupon',
    close: 'Kapat',
    single: 'Tekli',
    combo: 'Kombine',
    stake: 'Tutar',
    stakeEach: 'Bahis başına tutar',
    oddsChoice: 'Oran değişirse',
    totalOdds: 'Toplam oran',
    potential: 'Olası kazanç',
    place: 'Bahis Yap',
    loginToBet: 'Bahis yapmak için giriş yapın.',
    loginDialog: 'Giriş Yap',
    pending: 'Canlı bahsiniz onay bekliyor…',
    accepted: (id) => `Canlı bahsiniz kabul edildi (#${id}).`,
    open: 'Açık',
    settled: 'Sonuçlanan',
    won: 'Kazandı',
    cashedOut: 'Bozduruldu',
    paid: 'Ödenen',
    live: 'Canlı',
    liveTitle: 'Canlı Bahis',
    market1x2: 'Maç Sonucu',
    winner: 'Kazanan',
    cashOutFor: /^(.+) bozdur$/,
    confirm: /^(.+) ile onayla$/,
  },
  en: {
    football: 'Football',
    tennis: 'Tennis',
    myBets: 'My Bets',
    slip: 'Bet slip',
    close: 'Close',
    single: 'Single',
    combo: 'Combo',
    stake: 'Stake',
    stakeEach: 'Stake per bet',
    oddsChoice: 'If the odds change',
    totalOdds: 'Total odds',
    potential: 'Potential return',
    place: 'Place Bet',
    loginToBet: 'Log in to place a bet.',
    loginDialog: 'Log In',
    pending: 'Your live bet is waiting for acceptance…',
    accepted: (id) => `Your live bet was accepted (#${id}).`,
    open: 'Open',
    settled: 'Settled',
    won: 'Won',
    cashedOut: 'Cashed out',
    paid: 'Paid',
    live: 'Live',
    liveTitle: 'Live Betting',
    market1x2: 'Match Result',
    winner: 'Winner',
    cashOutFor: /^Cash out (.+)$/,
    confirm: /^Confirm (.+)$/,
  },
};

let server;
let browser;

before(async () => {
  server = await startServer({
    env: {
      // The feed in real time: a kicked-off tennis match keeps its first set's prices for 40 min.
      KASA_SPORTS_SPEED: '1',
      KASA_LIMIT_REGISTER_IP: '100/3600',
      KASA_LIMIT_REGISTER_PHONE: '100/3600',
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Kuruş from a lira amount as the frame and the site write it (tr 1.234,56 ₺, en ₺1,234.56). */
function kurusOf(text, lang) {
  const digits =
    lang === 'tr' ? text.replace(/[^\d,]/g, '').replace(',', '.') : text.replace(/[^\d.]/g, '');
  return Math.round(Number(digits) * 100);
}

/** A price in hundredths as the frame writes it (tr 2,15, en 2.15). */
const priceText = (hundredths, lang) => {
  const s = (hundredths / 100).toFixed(2);
  return lang === 'tr' ? s.replace('.', ',') : s;
};

/** A combo's price: the product of its legs' prices, rounded down at each step (slip.ts). */
/** A combo's price (issue 30): the exact product of the prices (hundredths), as BigInt over 100^n. */
const exactProduct = (prices) => ({
  num: prices.reduce((p, x) => p * BigInt(x), 1n),
  den: 100n ** BigInt(prices.length),
});
/** Stake (kuruş) times an exact price, rounded once to the nearest kuruş (halves up). */
const payExact = (stake, price) => Number((BigInt(stake) * price.num + price.den / 2n) / price.den);

/** The events of a sport the book offers (its public API, as the frame reads them). */
async function events(sport, live) {
  const res = await fetch(
    `${server.apiUrl}/api/sportsbook/events?sport=${sport}&live=${live}`,
  ).then((r) => r.json());
  assert.equal(res.success, true);
  return res.data;
}

/** Events are picked once across the tests (their markets get settled or they go live). */
const used = new Set();

/**
 * `n` pre-match events of `sport` that kick off at least an hour from now (so none starts during
 * the test, whatever the hour: tomorrow's fixtures are always scheduled), with their main market
 * open; each with that market and its selection `key`.
 */
async function pickPrematch(sport, n, key) {
  // The feed schedules today's and tomorrow's fixtures as the server starts.
  const picked = await until(`${n} ${sport} events to come`, async () => {
    const soon = Date.now() + 3_600_000;
    const found = (await events(sport, false))
      .filter((e) => !used.has(e.id) && Date.parse(e.startsAt) > soon)
      .map((e) => ({ event: e, market: e.markets[0] }))
      .filter(({ market }) => market?.state === 'active')
      .map(({ event, market }) => ({
        event,
        market,
        selection: market.selections.find((s) => s.key === key && s.offered),
      }))
      .filter((x) => x.selection)
      .slice(0, n);
    return found.length === n ? found : null;
  });
  for (const p of picked) used.add(p.event.id);
  return picked;
}

/** The site's balance: the header's on the desktop, the bottom bar's on phones. */
const siteBalance = (page, mobile) => page.getByTestId(mobile ? 'bar-balance' : 'header-balance');
/** The frame's own balance. */
const frameBalance = (frame) => frame.locator('.top .balance .amount');

/** Waits until both the site and the frame show `kurus` as the balance. */
async function balancesShow(page, frame, mobile, kurus, lang, what) {
  const text = lira(kurus / 100, lang);
  await until(`the site's balance ${text} (${what})`, async () =>
    (await siteBalance(page, mobile).innerText()).includes(text),
  );
  await until(
    `the frame's balance ${text} (${what})`,
    async () => (await frameBalance(frame).textContent()) === text,
  );
}

/**
 * The bet slip holding `count` legs: the side column on the desktop; on phones the sheet its
 * bottom bar opens. The locator outlives the count (placing a bet empties the slip).
 */
async function openSlip(frame, mobile, t, count) {
  const named = (n) => new RegExp(`^${escape(t.slip)} ${n}\\b`);
  if (!mobile) {
    await frame.getByRole('complementary', { name: named(count) }).waitFor();
    return frame.getByRole('complementary', { name: named('\\d+') });
  }
  const bar = frame.getByRole('button', { name: named(count) });
  await bar.click();
  assert.equal(await bar.getAttribute('aria-expanded'), 'true');
  await frame.getByRole('dialog', { name: named(count) }).waitFor();
  return frame.getByRole('dialog', { name: named('\\d+') });
}

async function closeSlip(frame, mobile, t) {
  if (!mobile) return;
  const sheet = frame.getByRole('dialog');
  await sheet.getByRole('button', { name: t.close, exact: true }).click();
  await sheet.waitFor({ state: 'detached' });
}

/** Fills the stake and takes any price change (a live price may move in the delay). */
async function stakeAndChoice(slip, t, stakeLabel, stake) {
  const input = slip.getByRole('textbox', { name: stakeLabel, exact: true });
  await input.fill(stake);
  await input.blur();
  await slip.getByRole('combobox', { name: t.oddsChoice }).selectOption('any');
}

/** The value (`dd`) of a term (`dt`) in the slip's or a bet's totals. */
const ddOf = (scope, term) => scope.locator(`dl div:has(> dt:text-is("${term}")) > dd`);

/**
 * Nothing in the frame sticks out sideways (`noOverflow`'s test), except inside a strip that
 * scrolls sideways on purpose (the sport tabs on phones).
 */
async function noOverflowInFrame(frame, where) {
  const problem = await frame.locator('html').evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const inStrip = (el) => {
      for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length)
      .filter((el) => !inStrip(el))
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`);
    return root.scrollWidth > width || wide.length
      ? `${root.scrollWidth} > ${width}: ${wide.join(', ')}`
      : null;
  });
  assert.equal(problem, null, `${where}: something sticks out sideways`);
}

/** The frame is in one piece: no sideways overflow, nothing for axe-core; its screenshot. */
async function checkFrame(page, frame, where, name) {
  await noOverflowInFrame(frame, where);
  // From the top: a price scrolled half under the phone's slip bar is not a small target.
  await frame.locator('html').evaluate(() => window.scrollTo(0, 0));
  assert.deepEqual(
    await axeProblems(page, where, { include: { fromFrames: ['main iframe', 'html'] } }),
    [],
    `${where}: axe`,
  );
  await screenshot(page, join(shotsDir, `${name}.png`));
}

/** Opens My Bets and one of its tabs (open, settled); the list. */
async function myBets(frame, t, tab) {
  await frame.getByRole('button', { name: t.myBets, exact: true }).click();
  const sub = frame
    .getByRole('group', { name: t.myBets })
    .getByRole('button', { name: tab, exact: true });
  await sub.click();
  await until(
    'the bets tab chosen',
    async () => (await sub.getAttribute('aria-pressed')) === 'true',
  );
  return frame.locator('ul.bets');
}

for (const [width, lang] of [
  [390, 'tr'],
  [1440, 'en'],
]) {
  const mobile = width < 768;
  const t = T[lang];

  test(`${width} px (${lang}): a combo placed, resulted and won; a live bet accepted and cashed out`, async () => {
    const tag = `${lang}-${width}`;
    const player = await fundedPlayer(server, `sb${width}`, '1000');
    let balance = 100_000;
    const { page, context, errors } = await openLoggedIn(browser, server.baseUrl, player.authData, {
      width,
      height: mobile ? 844 : 900,
      mobile,
      lang,
    });

    // ---- /spor: three pre-match selections from the list, a combo. ----
    const legs = await pickPrematch('football', 3, '1');
    await page.goto(`${server.baseUrl}/spor`, { waitUntil: 'networkidle' });
    const iframe = page.getByTestId('sportsbook');
    assert.equal(new URL(await iframe.getAttribute('src')).pathname, '/sportsbook/');
    const frame = page.frameLocator('main iframe');
    await frame.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(
      await frame
        .getByRole('button', { name: t.football, exact: true })
        .getAttribute('aria-pressed'),
      'true',
    );
    await balancesShow(page, frame, mobile, balance, lang, 'funded');

    for (const { event, market, selection } of legs) {
      const row = frame.locator(`li.ev[data-event-id="${event.id}"]`);
      const price = Math.round(selection.price * 100);
      const button = row.getByRole('button', {
        name: `${event.home} – ${event.away}, ${t.market1x2}: 1 ${priceText(price, lang)}`,
        exact: true,
      });
      await button.click();
      await until(
        'the price chosen',
        async () => (await button.getAttribute('aria-pressed')) === 'true',
      );
      assert.equal(market.key, '1x2');
    }
    await checkFrame(page, frame, `${tag} list with 3 picks`, `prematch-picked-${tag}`);

    const slip = await openSlip(frame, mobile, t, 3);
    assert.equal(await slip.locator('li.leg').count(), 3, 'three legs on the slip');
    for (const { event } of legs)
      assert.match(await slip.locator('ul.legs').innerText(), new RegExp(escape(event.home)));
    const comboTab = slip.getByRole('button', { name: t.combo, exact: true });
    assert.equal(await comboTab.getAttribute('aria-pressed'), 'true', 'three legs make a combo');
    await stakeAndChoice(slip, t, t.stake, '10');
    const prices = legs.map((l) => Math.round(l.selection.price * 100));
    const exact = exactProduct(prices);
    const combined = payExact(100, exact);
    const potential = payExact(1000, exact);
    assert.equal(
      await ddOf(slip, t.totalOdds).textContent(),
      priceText(combined, lang),
      'the total odds',
    );
    assert.equal(
      await ddOf(slip, t.potential).textContent(),
      lira(potential / 100, lang),
      'the potential return',
    );
    await checkFrame(page, frame, `${tag} combo slip`, `prematch-slip-${tag}`);

    await slip.getByRole('button', { name: t.place, exact: true }).click();
    await slip.locator('.notice-ok[role="status"]').waitFor();
    assert.equal(await slip.locator('li.leg').count(), 0, 'the slip is emptied');
    balance -= 1000;
    await balancesShow(page, frame, mobile, balance, lang, 'the combo staked');
    await screenshot(page, join(shotsDir, `prematch-placed-${tag}.png`));
    await closeSlip(frame, mobile, t);

    const [combo] = await apiAs(server.apiUrl, player.authData, 'sportsbook/bets');
    assert.equal(combo.state, 'open');
    assert.equal(combo.legs.length, 3);
    assert.equal(Math.round(combo.stake * 100), 1000);
    assert.equal(Math.round(combo.potential * 100), potential, 'the server agrees with the slip');

    // ---- The operator enters the results: every leg wins. ----
    let bets = await myBets(frame, t, t.open);
    const openCombo = bets.locator(`li.bet[data-bet-id="${combo.id}"]`);
    await openCombo.waitFor();
    assert.equal(await openCombo.locator('.state').textContent(), t.open);
    for (const { market } of legs)
      await kasaAdmin(server.databaseUrl, 'sports', 'result', String(market.id), '--winner', '1');
    bets = await myBets(frame, t, t.settled);
    const won = bets.locator(`li.bet[data-bet-id="${combo.id}"]`);
    await until(
      'the combo won',
      async () =>
        (await won.count()) === 1 && (await won.locator('.state').textContent()) === t.won,
      20_000,
    );
    assert.equal(
      await won
        .locator('.result')
        .allTextContents()
        .then((r) => r.join()),
      [t.won, t.won, t.won].join(),
    );
    assert.equal(
      await ddOf(won, t.paid).textContent(),
      lira(potential / 100, lang),
      'paid what the slip promised',
    );
    balance += potential;
    await balancesShow(page, frame, mobile, balance, lang, 'the win paid');
    await checkFrame(page, frame, `${tag} my bets won`, `mybets-won-${tag}`);

    // ---- /livespor: a tennis match kicked off now; a single waits its delay. ----
    const [match] = await pickPrematch('tennis', 1, '1');
    await kasaAdmin(server.databaseUrl, 'sports', 'kickoff', String(match.event.id));
    await page.goto(`${server.baseUrl}/livespor`, { waitUntil: 'networkidle' });
    await frame.getByRole('heading', { level: 1, name: t.liveTitle }).waitFor();
    await frame.getByRole('button', { name: t.tennis, exact: true }).click();
    const liveRow = frame.locator(`li.ev[data-event-id="${match.event.id}"]`);
    await until('the match live in the list', async () => (await liveRow.count()) === 1, 20_000);
    assert.match(await liveRow.locator('.ev-time').textContent(), new RegExp(`^${t.live}`));
    const livePrice = liveRow.getByRole('button', {
      name: new RegExp(
        `^${escape(`${match.event.home} – ${match.event.away}, ${t.winner}: 1 `)}\\d`,
      ),
    });
    await livePrice.click();
    await until(
      'the live price chosen',
      async () => (await livePrice.getAttribute('aria-pressed')) === 'true',
    );
    const liveSlip = await openSlip(frame, mobile, t, 1);
    assert.equal(
      await liveSlip
        .getByRole('button', { name: t.single, exact: true })
        .getAttribute('aria-pressed'),
      'true',
    );
    await stakeAndChoice(liveSlip, t, t.stakeEach, '20');
    await checkFrame(page, frame, `${tag} live slip`, `live-slip-${tag}`);
    const placedAt = Date.now();
    await liveSlip.getByRole('button', { name: t.place, exact: true }).click();
    const waiting = liveSlip.locator('.notice-pending[role="status"]', { hasText: t.pending });
    await waiting.waitFor();
    await screenshot(page, join(shotsDir, `live-pending-${tag}.png`));
    const [single] = await apiAs(server.apiUrl, player.authData, 'sportsbook/bets');
    assert.equal(single.state, 'pending', 'the live bet waits');
    const accepted = liveSlip.locator('.notice-ok[role="status"]', {
      hasText: t.accepted(single.id),
    });
    await accepted.waitFor({ timeout: 20_000 });
    assert.ok(
      Date.now() - placedAt >= TENNIS_DELAY_MS,
      `accepted after ${Date.now() - placedAt} ms, before the ${TENNIS_DELAY_MS} ms delay`,
    );
    assert.equal(await waiting.count(), 0, 'no longer waiting');
    balance -= 2000;
    await balancesShow(page, frame, mobile, balance, lang, 'the live single staked');
    await screenshot(page, join(shotsDir, `live-accepted-${tag}.png`));
    await closeSlip(frame, mobile, t);

    // ---- Cash-out from My Bets. ----
    bets = await myBets(frame, t, t.open);
    const openSingle = bets.locator(`li.bet[data-bet-id="${single.id}"]`);
    await openSingle.waitFor();
    const cashOut = openSingle.getByRole('button', { name: t.cashOutFor });
    await cashOut.waitFor();
    await checkFrame(page, frame, `${tag} my bets cash-out`, `mybets-cashout-${tag}`);
    await cashOut.click();
    const confirm = openSingle.getByRole('button', { name: t.confirm });
    const notice = frame.locator('.mybets .notice-ok[role="status"]');
    await until('the cash-out answered', async () => {
      if (await confirm.isVisible()) await confirm.click();
      return (await notice.count()) === 1;
    });
    bets = await myBets(frame, t, t.settled);
    const cashed = bets.locator(`li.bet[data-bet-id="${single.id}"]`);
    await cashed.waitFor();
    assert.equal(await cashed.locator('.state').textContent(), t.cashedOut);
    const paid = kurusOf(await ddOf(cashed, t.paid).textContent(), lang);
    assert.ok(paid > 0 && paid < 2000 * 2, `a cash-out of ${paid} kuruş`);
    const [after] = await apiAs(server.apiUrl, player.authData, 'sportsbook/bets');
    assert.equal(after.id, single.id);
    assert.equal(after.state, 'cashed_out');
    assert.equal(Math.round(after.payout * 100), paid);
    balance += paid;
    await balancesShow(page, frame, mobile, balance, lang, 'the cash-out paid');
    await checkFrame(page, frame, `${tag} my bets settled`, `mybets-settled-${tag}`);

    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("a visitor: the frame without a token; placing a bet opens the site's login form", async () => {
  const t = T.tr;
  const [leg] = await pickPrematch('football', 1, '1');
  const { page, context, errors } = await openPage(browser, server.baseUrl, { width: 1440 });
  await closePopupIfShown(page);
  await page.goto(`${server.baseUrl}/spor`, { waitUntil: 'networkidle' });
  const src = new URL(await page.getByTestId('sportsbook').getAttribute('src'));
  assert.equal(src.pathname, '/sportsbook/');
  assert.equal(src.searchParams.get('token') ?? '', '', 'no token for a visitor');
  assert.equal(src.searchParams.get('cid'), 'kasa');
  const frame = page.frameLocator('main iframe');
  const row = frame.locator(`li.ev[data-event-id="${leg.event.id}"]`);
  const price = row.getByRole('button', {
    name: `${leg.event.home} – ${leg.event.away}, ${t.market1x2}: 1 ${priceText(
      Math.round(leg.selection.price * 100),
      'tr',
    )}`,
    exact: true,
  });
  await price.click();
  assert.equal(await frameBalance(frame).count(), 0, 'no balance for a visitor');
  const slip = await openSlip(frame, false, t, 1);
  await slip.getByRole('button', { name: t.place, exact: true }).click();
  await slip.locator('.notice-info[role="status"]', { hasText: t.loginToBet }).waitFor();
  await page.getByRole('dialog', { name: t.loginDialog }).waitFor();
  assert.equal(await slip.locator('li.leg').count(), 1, 'the slip is kept');
  await screenshot(page, join(shotsDir, 'visitor-login-tr-1440.png'));
  assert.deepEqual(errors, []);
  await context.close();
});
