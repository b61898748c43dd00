import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact,
  closePopupIfShown,
  launchBrowser,
  openPage,
  startServer,
  test,
} from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function footerLinkTitles() {
  const res = await fetch(`${server.apiUrl}/api/cms/grouped`, { headers: { 'x-locale': 'tr' } });
  const body = await res.json();
  const category = body.data.categoryList.find((c) => c.id === 2);
  assert.ok(category, 'bootstrap has content category 2');
  return category.content.map((c) => c.title);
}

async function checkHome(page, { mobile }) {
  const header = page.locator('header.header');
  await header.waitFor();
  assert.ok(await header.getByRole('link', { name: /ana sayfa|home/i }).isVisible(), 'logo link');

  // Carousel with the home banners.
  const carousel = page.locator('.banner-carousel');
  await carousel.waitFor();
  const banners = await carousel.locator('img.banner__img').count();
  assert.ok(banners >= 1, 'banners rendered');
  await page.waitForFunction(
    () => !document.querySelector('.banner-carousel img[src*="placeholder-banner"]'),
  );

  // Footer links from content category 2, and the 16 provider logos.
  const titles = await footerLinkTitles();
  const footer = page.locator('footer.footer');
  for (const title of titles) {
    assert.ok(
      (await footer.getByRole('link', { name: title, exact: true }).count()) >= 1,
      `footer link ${title}`,
    );
  }
  // One link per entry of content category 2, labelled with its title, and nothing else there.
  assert.deepEqual(
    await page.getByTestId('footer-content-links').getByRole('link').allTextContents(),
    titles,
  );
  assert.equal(await page.locator('[data-testid="provider-logos"] li').count(), 16);

  // Side menu: docked on desktop, opened through the menu button on mobile.
  if (mobile) {
    assert.equal(await page.locator('aside.sidebar').count(), 0);
    await page.getByRole('button', { name: 'Menü' }).click();
    const sheet = page.getByRole('dialog', { name: 'Ana menü' });
    await sheet.waitFor();
    for (const text of ['Slotlar', 'Canlı Casino', 'Aviator', 'Promosyonlar', 'Hakkımızda']) {
      assert.ok(await sheet.getByText(text, { exact: true }).first().isVisible(), `menu ${text}`);
    }
  } else {
    const aside = page.locator('aside.sidebar');
    await aside.waitFor();
    for (const text of ['Slotlar', 'Canlı Casino', 'Aviator', 'Promosyonlar', 'Hakkımızda']) {
      assert.ok(await aside.getByText(text, { exact: true }).first().isVisible(), `menu ${text}`);
    }
  }
}

describe('app shell against the real server', () => {
  test('home page at 390 px', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, {
      width: 390,
      height: 844,
      mobile: true,
    });
    await closePopupIfShown(page);
    await page.locator('.banner-carousel').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: artifact('home-390.png') });
    await page.screenshot({ path: artifact('home-390-full.png'), fullPage: true });
    // Bottom bar with Register and Login for visitors.
    const bar = page.locator('nav.bottom-bar');
    assert.ok(await bar.getByRole('button', { name: 'Giriş Yap' }).isVisible());
    assert.ok(await bar.getByRole('button', { name: 'Kayıt Ol' }).isVisible());
    await checkHome(page, { mobile: true });
    await page.screenshot({ path: artifact('menu-390.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('home page at 1440 px', async () => {
    const { context, page, errors } = await openPage(browser, server.baseUrl, { width: 1440 });
    await closePopupIfShown(page);
    await checkHome(page, { mobile: false });
    // Fingerprint kept in local storage; bootstrap cached; manifest link added after 1 s.
    await page.waitForFunction(() => Boolean(localStorage.getItem('fingerprint')));
    assert.ok(await page.evaluate(() => localStorage.getItem('bootstrap')?.includes('sliderList')));
    await page.waitForSelector('link[rel="manifest"][href="/manifest.webmanifest"]', {
      state: 'attached',
    });
    const manifest = await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json();
    assert.equal(manifest.icons[0].src, '/media/app-icon.svg');
    await page.waitForTimeout(400);
    await page.screenshot({ path: artifact('home-1440.png') });
    await page.screenshot({ path: artifact('home-1440-full.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the popup is shown once per content', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, { width: 1440 });
    assert.equal(await closePopupIfShown(page), true, 'popup shown on the first visit');
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    assert.equal(await page.getByRole('dialog').count(), 0, 'popup not shown again');
    await context.close();
  });

  test('changing the language to English changes the header texts', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, { width: 1440 });
    await closePopupIfShown(page);
    const header = page.locator('header.header');
    await header.getByRole('button', { name: 'Giriş Yap' }).waitFor();
    await page.getByTestId('language-select').selectOption('en');
    await header.getByRole('button', { name: 'Log In', exact: true }).waitFor({ timeout: 10_000 });
    assert.ok(await header.getByRole('button', { name: 'Sign Up' }).isVisible());
    assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'en');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.screenshot({ path: artifact('home-1440-en.png') });
    await context.close();
  });

  test('a deep link to /pages/3 shows About Us', async () => {
    const { context, page, errors } = await openPage(browser, `${server.baseUrl}/pages/3`, {
      width: 1440,
    });
    await closePopupIfShown(page);
    const title = page.locator('h1.content-title');
    await title.waitFor();
    assert.equal((await title.textContent())?.trim(), 'Hakkımızda');
    const crumbs = page.getByRole('navigation', { name: 'Bulunduğunuz yer' });
    assert.ok(await crumbs.getByRole('link', { name: 'Hakkımızda' }).isVisible());
    assert.ok((await page.locator('.prose').innerText()).length > 50, 'body rendered');
    await page.screenshot({ path: artifact('about-1440.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the dashboard asks for a login and other routes show their page', async () => {
    const { context, page } = await openPage(browser, `${server.baseUrl}/dashboard/deposit`, {
      width: 390,
      height: 844,
      mobile: true,
    });
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.waitFor();
    assert.ok(await login.getByLabel('Kullanıcı adı').isVisible());
    await page.screenshot({ path: artifact('login-390.png') });
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    await closePopupIfShown(page);
    await page.goto(`${server.baseUrl}/spor/fcg`, { waitUntil: 'networkidle' });
    await closePopupIfShown(page);
    await page.getByRole('heading', { name: 'Spor Yüksek Oran' }).waitFor();
    await context.close();
  });

  test('the header fits at 320 and 1024 px, with at most five named controls on phones', async () => {
    for (const [width, mobile] of [
      [320, true],
      [1024, false],
    ]) {
      for (const path of ['/', '/pages/3']) {
        const { context, page } = await openPage(browser, `${server.baseUrl}${path}`, {
          width,
          height: 800,
          mobile,
        });
        await closePopupIfShown(page);
        const m = await page.evaluate(() => {
          const inner = document.querySelector('header.header .header__inner');
          const controls = [...document.querySelectorAll('header.header a, header.header button')]
            .filter((e) => e.getBoundingClientRect().width > 0)
            .map((e) => (e.getAttribute('aria-label') || e.textContent || '').trim());
          const centres = [...inner.querySelectorAll('a, button')]
            .filter((e) => e.getBoundingClientRect().width > 0)
            .map((e) => e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2);
          return {
            overflow: inner.scrollWidth - inner.clientWidth,
            page: document.documentElement.scrollWidth - window.innerWidth,
            height: document.querySelector('header.header').getBoundingClientRect().height,
            spread: Math.max(...centres) - Math.min(...centres),
            controls,
          };
        });
        assert.equal(m.overflow, 0, `header overflow at ${width} ${path}`);
        assert.equal(m.page, 0, `page overflow at ${width} ${path}`);
        assert.ok(m.spread <= 4, `header on one line at ${width} ${path} (${m.spread} px)`);
        if (mobile) {
          assert.ok(m.controls.length <= 5, `phone header controls: ${m.controls.join(', ')}`);
          assert.ok(m.controls.every(Boolean), `every control named: ${m.controls.join(', ')}`);
          // Promotions and Claim Reward reachable from the bottom bar; the domain banner is one line.
          const bar = page.locator('nav.bottom-bar');
          assert.ok(await bar.getByRole('link', { name: /Promosyon/ }).isVisible());
          assert.ok(await bar.getByRole('button', { name: 'Ödül Al', exact: true }).isVisible());
          const banner = await page.getByTestId('domain-banner').boundingBox();
          assert.ok(banner && banner.height <= 48, `domain banner ${banner?.height} px`);
        }
        await page.screenshot({ path: artifact(`header-${width}${path.replace(/\//g, '-')}.png`) });
        await context.close();
      }
    }
  });

  test('a new route opens at the top; back restores where the player left', async () => {
    const { context, page } = await openPage(browser, `${server.baseUrl}/pages/3`, {
      width: 1024,
      height: 700,
    });
    await closePopupIfShown(page);
    await page.locator('h1.content-title').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 300);
    const left = await page.evaluate(() => Math.round(window.scrollY));
    const footer = page.getByTestId('footer-content-links');
    await footer.getByRole('link').nth(1).click();
    await page.waitForURL(/\/pages\/4$/);
    await page.locator('h1.content-title').waitFor();
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'new route at its top');
    await page.goBack();
    await page.waitForURL(/\/pages\/3$/);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, left, { timeout: 5000 });
    await page.goForward();
    await page.waitForURL(/\/pages\/4$/);
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  test('the top banner shows on home until another route marks it read', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, { width: 390, mobile: true });
    await closePopupIfShown(page);
    await page.getByTestId('top-notify').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('topNotifyRead')), null);
    await page.goto(`${server.baseUrl}/pages/3`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => localStorage.getItem('topNotifyRead') === 'yes');
    await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    await page.locator('.banner-carousel').waitFor();
    assert.equal(await page.getByTestId('top-notify').count(), 0);
    await context.close();
  });

  test('live chat: the demo configures none, so its items show the e-mail and call request', async () => {
    const { context, page } = await openPage(browser, server.baseUrl, { width: 1440 });
    await closePopupIfShown(page);
    assert.equal(await page.locator('script[data-kasa="live-chat"]').count(), 0);
    await page.locator('header.header').getByRole('button', { name: 'Canlı Destek' }).click();
    const panel = page.getByTestId('live-chat-fallback');
    await panel.waitFor();
    const mail = panel.getByRole('link', { name: /destek@kasa\.bet/ });
    assert.equal(await mail.getAttribute('href'), 'mailto:destek@kasa.bet');
    assert.equal(
      await panel.getByRole('link', { name: /Sizi Arayalım/ }).getAttribute('href'),
      'https://destek.kasa.bet/geri-arama',
    );
    await page.screenshot({ path: artifact('live-chat-fallback-1440.png') });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // The side menu's item opens the same (on desktop).
    await page.locator('aside.sidebar').getByRole('button', { name: 'Canlı Destek' }).click();
    await panel.waitFor();
    await context.close();
  });

  test("a first visit's bootstrap comes with the page; every call carries x-fingerprint", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const calls = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push([r.url(), r.headers()['x-fingerprint'] ?? '']);
    });
    await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Boolean(localStorage.getItem('fingerprint')));
    // The page carried the Turkish bootstrap: shown and stored, no call made for it.
    await page.locator('.banner-carousel img').first().waitFor();
    assert.ok(!calls.some(([url]) => url.includes('/api/cms/grouped')), 'no bootstrap call');
    const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('bootstrap')));
    assert.ok(stored.sliderList.length > 0, 'the bootstrap is stored');
    // Every call carries a fingerprint; those made while it was determined waited for it.
    for (const [url, fp] of calls) assert.match(fp, /^[0-9a-z-]{8,}$/i, `x-fingerprint of ${url}`);
    const fingerprint = await page.evaluate(() => localStorage.getItem('fingerprint'));
    // The collector's time zone (Temporal's, which costs nothing) is the one Intl names.
    const zones = await page.evaluate(() => [
      window.kasaFingerprint?.components.timezone,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    ]);
    assert.equal(zones[0], zones[1]);
    assert.equal(typeof zones[0], 'string');
    const others = calls.filter(([url]) => !url.includes('/api/cms/coveryjs'));
    assert.ok(others.length > 0, 'the home page made calls');
    for (const [url, fp] of others) assert.equal(fp, fingerprint, `${url} waited for it`);
    // A visitor who chose English gets theirs by the call, with the fingerprint.
    calls.length = 0;
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload({ waitUntil: 'networkidle' });
    const grouped = calls.find(([url]) => url.includes('/api/cms/grouped'));
    assert.ok(grouped, 'the English bootstrap was asked for');
    assert.equal(grouped[1], fingerprint);
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
    await context.close();
  });

  test('the popup waits for a login opened by a deep link, never on top of it', async () => {
    const { context, page } = await openPage(browser, `${server.baseUrl}/dashboard/deposit`, {
      width: 1440,
    });
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.waitFor();
    await page.waitForTimeout(2500);
    assert.equal(await page.getByRole('dialog').count(), 1, 'only the login dialog');
    await context.close();
  });

  test("index.html's boot shell has the real layout's sizes, banners included", async () => {
    const { context, page } = await openPage(browser, server.baseUrl, { width: 390, mobile: true });
    await closePopupIfShown(page);
    await page.locator('.banner-carousel').waitFor();
    const real = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel)?.getBoundingClientRect();
      return {
        domain: box('.domain-banner')?.height,
        top: box('.top-banner')?.height,
        header: box('header.header')?.height,
        headerTop: box('header.header')?.top,
        bar: box('nav.bottom-bar')?.height,
      };
    });
    // The same visit again with the app's code held back: only the static shell paints.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    const shell = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel)?.getBoundingClientRect();
      return {
        domain: box('.boot__domain')?.height,
        top: box('.boot__top')?.height,
        header: box('.boot__header')?.height,
        headerTop: box('.boot__header')?.top,
        bar: box('.boot__bar')?.height,
      };
    });
    assert.deepEqual(shell, real);
    await context.close();
  });
  test("a first visit's popup is in the page before the app's code runs, as the app draws it", async () => {
    const geometry = (page) =>
      page.evaluate(() => {
        const box = (sel) => {
          const r = document.querySelector(sel).getBoundingClientRect();
          return [r.left, r.top, r.width, r.height].map(Math.round);
        };
        return {
          panel: box('[role="dialog"]'),
          picture: box('.popup__img'),
          close: box('.dialog__close'),
        };
      });
    const fresh = async (width, init) => {
      const mobile = width < 768;
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        deviceScaleFactor: 1,
        isMobile: mobile,
        hasTouch: mobile,
        reducedMotion: 'reduce',
      });
      if (init) await context.addInitScript(init);
      return { context, page: await context.newPage() };
    };
    const pictureShown = (page) =>
      page.waitForFunction(() => document.querySelector('.popup__img')?.complete === true);

    for (const width of [390, 1440]) {
      // The app's code held back: index.html alone opens the popup, and its button closes it.
      const held = await fresh(width);
      await held.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await held.page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
      const dialog = held.page.getByRole('dialog', { name: 'Duyuru' });
      await dialog.waitFor();
      await pictureShown(held.page);
      const boot = await geometry(held.page);
      await dialog.getByRole('button', { name: 'Kapat' }).click();
      await dialog.waitFor({ state: 'detached' });
      await held.context.close();

      // An English visitor's popup is the app's own (the page's bootstrap is Turkish), with
      // pictures of the same sizes: it stands where index.html's does.
      const english = await fresh(width, () => localStorage.setItem('lang', 'en'));
      await english.page.goto(`${server.baseUrl}/`);
      await english.page.getByRole('dialog', { name: 'Announcement' }).waitFor();
      await pictureShown(english.page);
      assert.deepEqual(await geometry(english.page), boot, `at ${width} px`);
      await english.context.close();
    }

    // With the app's code: the app adopts index.html's popup; its link goes through the router.
    const { context, page } = await fresh(1440);
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    assert.equal(await page.locator('#boot-popup').count(), 1, "index.html's popup");
    await page.evaluate(() => (window.stillTheSamePage = true));
    await page.locator('#boot-popup a.popup__link').click();
    await page.waitForURL(`${server.baseUrl}/promotions`);
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.equal(await page.evaluate(() => window.stillTheSamePage), true, 'no page load');
    await context.close();
  });
});
