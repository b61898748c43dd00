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
    await header.getByRole('button', { name: 'Login', exact: true }).waitFor({ timeout: 10_000 });
    assert.ok(await header.getByRole('button', { name: 'Register' }).isVisible());
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
});
