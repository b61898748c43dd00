// The sports entries (issue 16), against the real `kasa` binary: /spor, /spor/fcg, /livespor and
// /livespor/fcg embed the sportsbook of the stored login data (betsyUrl with betsyToken, betsyCid,
// the mode and highRate=1 for the 'High Rate' variants), /spor/betco the betco one behind the
// betting-access guard. With none configured (the server started with KASA_BETSY_URL=off: an empty
// betsyUrl in the login data and for visitors) the page keeps its title (and badge) and says sports
// betting is not available, with a link to the casino. (The built-in sportsbook the server
// configures by default is e2e/sportsbook.test.mjs's.) Screenshots at 320, 390, 1024 and 1440 px
// in Turkish and English (e2e/artifacts/sports/); nothing overflows sideways, the card is centred,
// axe-core is clean.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  artifact,
  axeClean,
  closePopupIfShown,
  popupSeenMark,
  launchBrowser,
  noOverflow,
  registerPlayer,
  screenshot,
  startServer,
  test,
  until,
} from './helpers.mjs';

const WIDTHS = [320, 390, 1024, 1440];
const shotsDir = artifact('sports');
mkdirSync(shotsDir, { recursive: true });

/** A stand-in sportsbook (answered by the browser context, never the network). */
const BOOK = 'https://sportsbook.kasa.test/book';
const BETCO = 'https://betco.kasa.test/app';

const TEXT = {
  tr: {
    title: 'Spor bahisleri şu anda kullanılamıyor',
    casino: "Casino'ya dön",
    sports: 'Spor',
    liveFcg: 'Canlı Bahis Yüksek Oran',
    badge: 'Yüksek Oran',
    noAccess: 'Erişim yok',
    slots: 'Slotlar',
  },
  en: {
    title: 'Sports betting is not available right now',
    casino: 'Back to the casino',
    sports: 'Sports',
    liveFcg: 'High Rate Live Betting',
    badge: 'High Rate',
    noAccess: 'No access',
    slots: 'Slots',
  },
};

/** axe findings accepted here: none (the domain notice is an aside with a name, a landmark). */
const KNOWN_AXE = [];

let server;
let browser;
let player;

before(async () => {
  // No sportsbook: the server's default is its built-in one; the stand-in sportsbooks below come
  // from the login data the tests store.
  server = await startServer({
    env: {
      KASA_BETSY_URL: 'off',
      KASA_LIMIT_REGISTER_IP: '100/3600',
      KASA_LIMIT_REGISTER_PHONE: '100/3600',
    },
  });
  browser = await launchBrowser();
  player = await registerPlayer(server.apiUrl, 'spor');
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A page `width` wide in `lang`, logged in when `authData` is given (both put in local storage
 * before the app's first load), the popup dismissed. The stand-in sportsbooks answer with a small
 * page; the site's security policy is bypassed for them (its frame-src lists only the site).
 */
async function openAt(width, { lang = 'tr', authData = null, height = 900, path = '/' } = {}) {
  const mobile = width < 768;
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    reducedMotion: 'reduce',
    bypassCSP: authData?.betsyUrl || authData?.betcoUrl ? true : false,
  });
  await context.route(/^https:\/\/[a-z]+\.kasa\.test\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Stand-in sportsbook</title><main><h1>Sportsbook</h1></main></html>',
    }),
  );
  // The popup is marked seen: these pages are about the sports entries, the popup has its own tests.
  const seen = await popupSeenMark(server.apiUrl, lang);
  await context.addInitScript(
    ([data, language, site, seen]) => {
      // Also run in the stand-in sportsbook's frame, whose storage is not the site's.
      if (location.origin !== site) return;
      if (data) localStorage.setItem('authData', JSON.stringify(data));
      localStorage.setItem('lang', language);
      if (seen) localStorage.setItem('popupSeen', seen);
    },
    [authData, lang, new URL(server.baseUrl).origin, seen],
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await visit(page, path);
  await closePopupIfShown(page);
  return { context, page, errors };
}

async function visit(page, path) {
  await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.locator('main').first().waitFor();
}

/** The not-available card: its heading, the page's title (and badge), the casino link. */
async function checkUnavailable(page, lang, { heading, badge = false, where }) {
  const t = TEXT[lang];
  const card = page.getByTestId('sports-unavailable');
  await card.waitFor();
  assert.equal(await page.locator('main iframe').count(), 0, `${where}: no frame`);
  assert.equal(
    await page.getByRole('heading', { level: 1 }).innerText(),
    heading,
    `${where}: the page's title`,
  );
  assert.ok(
    await card.getByRole('heading', { level: 2, name: t.title }).isVisible(),
    `${where}: the message`,
  );
  assert.equal(
    await page.locator('main .sports__head .badge').count(),
    badge ? 1 : 0,
    `${where}: badge`,
  );
  if (badge) assert.equal(await page.locator('main .sports__head .badge').innerText(), t.badge);
  assert.match(await page.title(), new RegExp(`^${heading} · `), `${where}: document title`);
  const link = card.getByRole('link', { name: t.casino });
  assert.ok(await link.isVisible(), `${where}: the casino link`);
  return link;
}

/** The card is centred in the content column and wholly on screen. */
async function checkCentred(page, where) {
  const box = await page.evaluate(() => {
    const card = document.querySelector('.sports-off__card').getBoundingClientRect();
    const main = document.querySelector('main');
    const style = getComputedStyle(main);
    const m = main.getBoundingClientRect();
    const left = m.left + parseFloat(style.paddingLeft);
    const right = m.right - parseFloat(style.paddingRight);
    return {
      offset: card.left + card.width / 2 - (left + right) / 2,
      left: card.left,
      right: card.right,
      bottom: card.bottom,
      width: window.innerWidth,
      height: window.innerHeight,
    };
  });
  assert.ok(Math.abs(box.offset) <= 1, `${where}: the card is off centre by ${box.offset}px`);
  assert.ok(box.left >= 0 && box.right <= box.width, `${where}: the card fits across`);
  assert.ok(box.bottom <= box.height, `${where}: the card is on the first screen`);
}

describe('sports entries without a sportsbook', () => {
  test('logged out: /spor and /livespor/fcg say not available and lead to the casino', async () => {
    const site = await fetch(`${server.apiUrl}/api/sportsbook/site`).then((r) => r.json());
    assert.equal(site.data.betsyUrl, '', 'KASA_BETSY_URL=off: no sportsbook for visitors either');
    const { page, context, errors } = await openAt(1440, { path: '/spor' });
    let link = await checkUnavailable(page, 'tr', { heading: 'Spor', where: '/spor' });
    assert.equal(await link.getAttribute('href'), '/casino/slot');
    await link.click();
    await page.waitForURL(`${server.baseUrl}/casino/slot`);
    await page.getByRole('heading', { level: 1, name: TEXT.tr.slots }).waitFor();

    await visit(page, '/livespor/fcg');
    link = await checkUnavailable(page, 'tr', {
      heading: TEXT.tr.liveFcg,
      badge: true,
      where: '/livespor/fcg',
    });
    await link.click();
    await page.waitForURL(`${server.baseUrl}/casino/slot`);

    // The menu: both 'High Rate' entries carry their badge; no /spor/betco without access.
    const menu = page.locator('aside.sidebar');
    for (const href of ['/spor/fcg', '/livespor/fcg'])
      assert.equal(await menu.locator(`a[href="${href}"] .badge`).innerText(), TEXT.tr.badge);
    assert.equal(await menu.locator('a[href="/spor"]').count(), 1);
    assert.equal(await page.locator('a[href="/spor/betco"]').count(), 0);

    // /spor/betco: the guard keeps the visitor out and opens the login form.
    await visit(page, '/spor/betco');
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });
    assert.ok(await page.getByRole('heading', { name: TEXT.tr.noAccess }).isVisible());
    assert.equal(await page.locator('main iframe').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('logged in, the login data without betsyUrl: not available; /spor/betco stays shut', async () => {
    assert.equal(player.authData.betsyUrl ?? '', '', 'KASA_BETSY_URL=off: no sportsbook');
    assert.equal(player.authData.betcoUrl ?? '', '');
    const { page, context, errors } = await openAt(390, { authData: player.authData });
    // Logged in: the bottom bar shows the account.
    await page.locator('.bottom-bar').waitFor();
    assert.equal(await page.locator('.bottom-bar--guest').count(), 0);
    await visit(page, '/spor/fcg');
    await checkUnavailable(page, 'tr', { heading: 'Spor Yüksek Oran', badge: true, where: 'fcg' });
    await visit(page, '/livespor/fcg');
    const link = await checkUnavailable(page, 'tr', {
      heading: TEXT.tr.liveFcg,
      badge: true,
      where: 'in /livespor/fcg',
    });
    await link.click();
    await page.waitForURL(`${server.baseUrl}/casino/slot`);

    // The menu (a sheet on phones) has no /spor/betco; its guard keeps the player out.
    await page.getByRole('button', { name: 'Menü' }).click();
    const sheet = page.getByRole('dialog', { name: 'Ana menü' });
    await sheet.waitFor();
    assert.equal(await sheet.locator('a[href="/spor/fcg"]').count(), 1);
    assert.equal(await sheet.locator('a[href="/spor/betco"]').count(), 0);
    await page.keyboard.press('Escape');
    await visit(page, '/spor/betco');
    await page.getByRole('heading', { name: TEXT.tr.noAccess }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'no login form for a player');
    assert.equal(await page.locator('main iframe').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('English: /spor says it in English and leads to the casino', async () => {
    const { page, context } = await openAt(1024, {
      lang: 'en',
      authData: player.authData,
      path: '/spor',
    });
    const link = await checkUnavailable(page, 'en', { heading: 'Sports', where: 'en /spor' });
    const text = await page.locator('main').innerText();
    assert.doesNotMatch(text, /Spor bahisleri|Casino'ya/, 'no Turkish left');
    await link.click();
    await page.waitForURL(`${server.baseUrl}/casino/slot`);
    await page.getByRole('heading', { level: 1, name: TEXT.en.slots }).waitFor();
    await context.close();
  });

  for (const lang of ['tr', 'en']) {
    test(`screens in ${lang}: 320 to 1440 px, logged out and in, centred, axe-clean`, async () => {
      for (const width of WIDTHS) {
        for (const [state, authData, path, heading] of [
          ['out', null, '/spor', TEXT[lang].sports],
          ['in', player.authData, '/livespor/fcg', TEXT[lang].liveFcg],
        ]) {
          const where = `${lang} ${width} ${state} ${path}`;
          const { page, context, errors } = await openAt(width, { lang, authData, path });
          await checkUnavailable(page, lang, { heading, badge: state === 'in', where });
          await noOverflow(page, where);
          await checkCentred(page, where);
          await axeClean(page, where, { known: KNOWN_AXE });
          const name = `sports-${state}-${path.replaceAll('/', '-').slice(1)}-${lang}-${width}.png`;
          await screenshot(page, join(shotsDir, name));
          assert.deepEqual(errors, [], where);
          await context.close();
        }
      }
    });
  }
});

describe('sports entries with a sportsbook configured', () => {
  const configured = () => ({
    ...player.authData,
    betsyUrl: BOOK,
    betsyToken: 'tok en&1',
    betsyCid: 'cid-7',
  });

  test('the frame: the parameters, full width, the screen under the header down to its foot', async () => {
    for (const width of [390, 1440]) {
      for (const [path, mode, highRate] of [
        ['/spor', 'prematch', null],
        ['/livespor/fcg', 'live', '1'],
      ]) {
        const where = `${width} ${path}`;
        const { page, context, errors } = await openAt(width, { authData: configured(), path });
        const frame = page.locator('main iframe');
        await frame.waitFor();
        const src = new URL(await frame.getAttribute('src'));
        assert.equal(`${src.origin}${src.pathname}`, BOOK, where);
        assert.equal(src.searchParams.get('token'), 'tok en&1', where);
        assert.equal(src.searchParams.get('cid'), 'cid-7', where);
        assert.equal(src.searchParams.get('mode'), mode, where);
        assert.equal(src.searchParams.get('highRate'), highRate, where);
        assert.ok((await frame.getAttribute('title')).length > 0, `${where}: title`);
        await until(
          'the sportsbook loaded',
          async () => (await page.frameLocator('main iframe').locator('h1').count()) === 1,
        );
        const size = await page.evaluate(() => {
          const f = document.querySelector('main iframe').getBoundingClientRect();
          const header = document.querySelector('header.header').getBoundingClientRect();
          const bar = document.querySelector('.bottom-bar')?.getBoundingClientRect();
          return {
            width: f.width,
            top: f.top,
            bottom: f.bottom,
            header: header.bottom,
            // The screen's foot: the phone's bottom bar, or the window's bottom.
            foot: bar?.top ?? window.innerHeight,
            doc: document.documentElement.clientWidth,
          };
        });
        // Under the header (and whatever sits above the frame), down to the screen's foot.
        assert.ok(size.top >= size.header, `${where}: the frame starts under the header`);
        assert.ok(
          Math.abs(size.bottom - size.foot) <= 1,
          `${where}: the frame ends at ${size.bottom}, the screen's foot is ${size.foot}`,
        );
        if (width < 768) assert.equal(size.width, size.doc, `${where}: edge to edge`);
        await noOverflow(page, where);
        assert.equal(await page.getByTestId('sports-unavailable').count(), 0);
        await screenshot(
          page,
          join(shotsDir, `sports-frame-${path.slice(1).replace('/', '-')}-${width}.png`),
        );
        assert.deepEqual(errors, [], where);
        await context.close();
      }
    }
  });

  test('/spor/betco with betting access: in the menu, the betco frame with betcoToken', async () => {
    const authData = { ...player.authData, betcoUrl: BETCO, betcoToken: 'bt-1' };
    const { page, context } = await openAt(1440, { authData });
    assert.equal(await page.locator('aside.sidebar a[href="/spor/betco"]').count(), 1);
    await visit(page, '/spor/betco');
    const frame = page.locator('main iframe');
    await frame.waitFor();
    const src = new URL(await frame.getAttribute('src'));
    assert.equal(`${src.origin}${src.pathname}`, BETCO);
    assert.equal(src.searchParams.get('token'), 'bt-1');
    // betsyUrl is still empty: /spor is not available.
    await visit(page, '/spor');
    await checkUnavailable(page, 'tr', { heading: 'Spor', where: 'betco only /spor' });
    await context.close();
  });
});
