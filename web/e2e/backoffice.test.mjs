// The operator's back office (issue 32) in the browser against the real `kasa` binary, the walk the
// issue asks for, at 1440 and at 1024 px:
// - four staff members are made with `kasa admin staff create` (finance ×2, compliance, content);
//   each enrols an authenticator at their first sign-in at /admin/: the page shows the QR code and
//   the base32 key, the test reads the key, computes the RFC 6238 code itself and lands on the
//   dashboard;
// - a player (20.000 ₺ in the wallet) uploads an identity document (a rendered ID card PNG) through
//   the site's API; the compliance member opens it in the Documents queue, sees the image and
//   approves it;
// - the player asks to withdraw 15.000 ₺ to an IBAN (over the identity threshold and the four-eyes
//   amount) and keeps Financial Activities open in Turkish; a finance member approves (1 of 2, the
//   button then says Approved), a second finance member approves (confirmed), and the player's page
//   shows it completed live: the hub's toast, the bell and the row, with no reload;
// - the content member changes the first home banner's images and link; the site's home page shows
//   them on the next load, with no restart;
// - the compliance member signs out and in again (the code step) and reads it all in the audit log,
//   whose chain check says it is intact.
// At every screen nothing sticks out sideways, axe-core finds nothing (WCAG 2.2 A/AA and best
// practices) and a screenshot goes to e2e/artifacts/backoffice/ (SHOTS_DIR to change).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  artifact,
  axeClean,
  createStaff,
  fundedPlayer,
  noOverflow,
  openPage,
  popupSeenMark,
  screenshot,
  startServerAndBrowser,
  stopServerAndBrowser,
  test,
  totp,
  totpStep,
  until,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? artifact('backoffice');
mkdirSync(shotsDir, { recursive: true });

const PASSWORD = 'correct horse battery';

/** The withdrawal: over the identity threshold (5.000 ₺) and the four-eyes amount (10.000 ₺). */
const AMOUNT = 15_000;
const IBAN = 'TR36 0001 0001 2345 6789 0123 45';

/** The banner each walk puts first on the home page (images under content/media/banners/). */
const NEW_BANNER = {
  1440: { name: 'jackpot-hunt', url: '/promotions/jackpot-hunt' },
  1024: { name: 'friday-reload', url: '/promotions/friday-reload' },
};

let ctx = {};

before(async () => {
  // Every member signs in from 127.0.0.1: more sign-ins than the default 20 per 15 minutes.
  ctx = await startServerAndBrowser({ env: { KASA_LIMIT_LOGIN_IP: '200/900' } });
});

after(() => stopServerAndBrowser(ctx));

const exact = (s) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** An identity card drawn in the browser, as a PNG: a real image for the document review. */
async function idCardPng(browser, name) {
  const context = await browser.newContext({ viewport: { width: 640, height: 400 } });
  const page = await context.newPage();
  await page.setContent(`<!doctype html>
    <body style="margin:0;font-family:sans-serif;background:#dfe9f3">
      <div style="margin:20px;height:360px;border-radius:18px;background:linear-gradient(135deg,#c9e4f5,#f3e7c9);
                  box-shadow:0 2px 8px #0004;position:relative;overflow:hidden">
        <div style="background:#c8102e;color:#fff;padding:12px 20px;font-weight:700;letter-spacing:1px">
          TÜRKİYE CUMHURİYETİ KİMLİK KARTI</div>
        <div style="position:absolute;left:24px;top:70px;width:150px;height:190px;background:#9fb3c8;
                    border-radius:8px"></div>
        <dl style="position:absolute;left:200px;top:60px;font-size:18px;line-height:1.3">
          <dt style="color:#555;font-size:13px">Soyadı / Surname</dt><dd style="margin:0 0 8px">YILDIZ</dd>
          <dt style="color:#555;font-size:13px">Adı / Given name</dt><dd style="margin:0 0 8px">DENİZ</dd>
          <dt style="color:#555;font-size:13px">Doğum tarihi / Date of birth</dt><dd style="margin:0 0 8px">14.03.1990</dd>
          <dt style="color:#555;font-size:13px">Kullanıcı / Player</dt><dd style="margin:0">${name}</dd>
        </dl>
      </div>
    </body>`);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

async function walk(width) {
  const { server, browser } = ctx;
  const height = width >= 1440 ? 900 : 768;
  const all = [];

  /** The screen's checks: nothing sideways, axe clean, a screenshot. */
  const check = async (page, name, { clipped = false } = {}) => {
    const where = `${name} at ${width}`;
    await noOverflow(page, where, { clipped });
    await axeClean(page, where);
    await screenshot(page, join(shotsDir, `${name}-${width}.png`));
  };

  /** A page of the back office or the site, its errors kept for the end. */
  const open = async (url, options = {}) => {
    const opened = await openPage(browser, url, { width, height, ...options });
    all.push(opened);
    return opened;
  };

  // ---- The staff: made from the shell, each enrolling at their first sign-in. ----
  const member = (key, role) => ({ username: `${key}-${width}`, role, secret: null, step: -1 });
  const staff = {
    compliance: member('cora', 'compliance'),
    finance1: member('fiona', 'finance'),
    finance2: member('ferit', 'finance'),
    content: member('cem', 'content'),
  };
  await Promise.all(
    Object.values(staff).map((m) =>
      createStaff(server.databaseUrl, m.username, [m.role], PASSWORD),
    ),
  );

  /**
   * Signs a member in on `page` (at the sign-in page): the password, then the authenticator's
   * set-up (the key read from the page) or its code. A code's step is accepted once per member,
   * so a second sign-in in the same 30 seconds sends the next step's (the server allows ±1).
   */
  const signIn = async (page, m, { shots = false, landing = 'Dashboard' } = {}) => {
    await page.getByRole('heading', { name: 'Back office sign-in', level: 1 }).waitFor();
    if (shots) await check(page, 'sign-in');
    await page.getByLabel('Username').fill(m.username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const enrolling = m.secret === null;
    if (enrolling) {
      await page.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
      const qr = page.getByRole('img', { name: /^QR code that adds your Kasa back office/ });
      await qr.waitFor();
      assert.match(await qr.getAttribute('src'), /^data:image\/svg\+xml/);
      assert.equal(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), true);
      const key = (await page.locator('.secret code').innerText()).replace(/\s+/g, '');
      assert.match(key, /^[A-Z2-7]{16,}$/, 'the base32 key');
      m.secret = key;
      if (shots) await check(page, 'enrol');
    } else {
      await page.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
      await page.getByText(`Signed in as ${m.username}.`).waitFor();
      if (shots) await check(page, 'code');
    }
    const step = Math.max(totpStep(), m.step + 1);
    m.step = step;
    await page.getByLabel('6-digit code').fill(totp(m.secret, step));
    await page
      .getByRole('button', { name: enrolling ? 'Confirm and sign in' : 'Sign in', exact: true })
      .click();
    await page.getByRole('heading', { name: landing, level: 1 }).waitFor();
    await page.locator('.who__name', { hasText: exact(m.username) }).waitFor();
  };

  /** A member's own window on the back office, signed in. */
  const staffPage = async (m, options) => {
    const opened = await open(`${server.baseUrl}/admin/`);
    await opened.page.waitForURL(/\/admin\/sign-in$/);
    await signIn(opened.page, m, options);
    return opened;
  };

  const nav = (page, name) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

  // ---- The player: 20.000 ₺, an identity document uploaded through the site's API. ----
  const player = await fundedPlayer(server, `bo${width}`, '20000');
  const form = new FormData();
  form.set('kind', 'identity');
  form.set('docType', 'passport');
  form.set('side', 'front');
  const idCard = await idCardPng(browser, player.username);
  form.set('file', new Blob([idCard], { type: 'image/png' }), 'passport.png');
  const uploaded = await fetch(`${server.apiUrl}/api/kyc/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${player.authData.token}`, 'x-locale': 'tr' },
    body: form,
  }).then((r) => r.json());
  assert.equal(uploaded.success, true, JSON.stringify(uploaded));
  assert.equal(uploaded.data.identity.state, 'pending');
  const docId = uploaded.data.documents.find((d) => d.kind === 'identity').id;

  // ---- Compliance: enrols, opens the document, sees the image, approves it. ----
  const compliance = await staffPage(staff.compliance, { shots: true });
  let page = compliance.page;
  const documentsCard = page.locator('.queue-card', {
    has: page.getByRole('heading', { name: 'Identity documents' }),
  });
  await until(
    'the documents queue counted',
    async () => Number(await documentsCard.locator('.queue-card__count').innerText()) >= 1,
  );
  await check(page, 'dashboard');
  await nav(page, /^Documents/);
  await page.getByRole('heading', { name: 'Identity documents', level: 1 }).waitFor();
  const review = page.getByRole('link', {
    name: `Review document #${docId} of ${player.username}`,
  });
  await review.waitFor();
  await check(page, 'documents');
  await review.click();
  await page.getByRole('heading', { name: `Document #${docId}`, level: 1 }).waitFor();
  const image = page.getByRole('img', { name: `Passport (front) of ${player.username}` });
  await image.waitFor();
  await until('the document image drawn', () =>
    image.evaluate((img) => img.complete && img.naturalWidth === 640 && img.naturalHeight === 400),
  );
  await check(page, 'document-review');
  await page.getByRole('button', { name: 'Approve document' }).click();
  await page.getByRole('heading', { name: 'Identity documents', level: 1 }).waitFor();
  await page.getByText(`Document #${docId} of ${player.username} approved.`).waitFor();
  assert.equal(await review.count(), 0, 'the document left the queue');
  const identity = await apiAs(server.apiUrl, player.authData, 'kyc');
  assert.equal(identity.identity.state, 'approved');

  // ---- The player's withdrawal, and their page open on Financial Activities. ----
  const request = await apiAs(server.apiUrl, player.authData, 'payment/withdraw', {
    method: 'POST',
    body: {
      id: 4,
      target: 'pay',
      detail: { Iban: IBAN, AccountName: 'Deniz Yıldız', Amount: AMOUNT },
    },
  });
  const popupSeen = await popupSeenMark(server.apiUrl, 'tr');
  const site = await open(`${server.baseUrl}/dashboard/financial-activities`, {
    storage: {
      authData: JSON.stringify(player.authData),
      lang: 'tr',
      ...(popupSeen ? { popupSeen } : {}),
    },
  });
  const sitePage = site.page;
  const row = sitePage.getByTestId('transaction').filter({ hasText: 'Para çekme' }).first();
  await row.getByText('Beklemede').waitFor();
  await row.getByText('İşleniyor').waitFor();
  const balance = sitePage.locator('header.header .header__balance');
  await until('the balance after the hold', async () =>
    (await balance.innerText()).includes('5.000,00 ₺'),
  );
  // The hub connected (the bell's panel shows it), and a mark that a reload would wipe.
  const bell = sitePage.locator('header.header .bell');
  const unread = Number(await bell.getAttribute('data-unread'));
  await bell.click();
  const panel = sitePage.getByRole('dialog', { name: 'Bildirimler' });
  await panel.locator('.live-dot[data-status="connected"]').waitFor({ timeout: 15_000 });
  await sitePage.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await sitePage.evaluate(() => (window.__sameDocument = true));
  await check(sitePage, 'site-pending');

  // ---- Finance: the first approval (1 of 2), then a second member's (confirmed). ----
  const finance1 = await staffPage(staff.finance1);
  page = finance1.page;
  await nav(page, /^Withdrawals/);
  await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
  const approve = page.getByRole('button', { name: `Approve withdrawal ${request.reference}` });
  await approve.waitFor();
  const pending = page.locator('tbody tr', { has: approve });
  await pending.getByText('15.000,00 ₺').waitFor();
  await pending.getByText('0 of 2').waitFor();
  // The identity badge under the player's name.
  await pending.getByRole('cell').nth(1).getByText('Approved', { exact: true }).waitFor();
  await check(page, 'withdrawals');
  await approve.click();
  await page
    .getByText(
      `Withdrawal ${request.reference}: approval 1 of 2 recorded, waiting for a second approval by another staff member.`,
    )
    .waitFor();
  const mine = page.getByRole('button', { name: `You approved ${request.reference}` });
  await mine.waitFor();
  assert.equal(await mine.isDisabled(), true, 'the same member cannot approve twice');
  await page.locator('tbody tr', { has: mine }).getByText('1 of 2').waitFor();
  await check(page, 'withdrawals-first-approval');
  // Still pending for the player.
  assert.equal(await row.getByText('Beklemede').count(), 1);

  const finance2 = await staffPage(staff.finance2);
  page = finance2.page;
  await nav(page, /^Withdrawals/);
  const second = page.getByRole('button', { name: `Approve withdrawal ${request.reference}` });
  await second.waitFor();
  await page
    .locator('tbody tr', { has: second })
    .getByText(exact(staff.finance1.username))
    .waitFor();
  await second.click();
  await page
    .getByText(`Withdrawal ${request.reference} approved and confirmed.`, { exact: true })
    .waitFor();
  await until('the withdrawal out of the queue', async () => (await second.count()) === 0);
  await check(page, 'withdrawals-confirmed');

  // ---- The player sees it completed live: the toast, the bell and the row, no reload. ----
  const toast = sitePage
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Çekim' })
    .filter({
      hasText: `15.000,00 ₺ tutarındaki çekim talebiniz (${request.reference}) onaylandı`,
    });
  await toast.waitFor({ timeout: 15_000 });
  await until(
    'the bell counted the approval',
    async () => Number(await bell.getAttribute('data-unread')) === unread + 1,
  );
  await row.getByText('Onaylandı').waitFor();
  await row.getByText('Tamamlandı').waitFor();
  assert.equal(await sitePage.evaluate(() => window.__sameDocument), true, 'no reload');
  assert.match(await balance.innerText(), /5\.000,00 ₺/);
  await check(sitePage, 'site-completed');

  // ---- Content: the first home banner gets new images and a new link. ----
  const banner = NEW_BANNER[width];
  const content = await staffPage(staff.content);
  page = content.page;
  await nav(page, 'Banners');
  await page.getByRole('heading', { name: 'Banners', level: 1 }).waitFor();
  const home = page.getByRole('region', { name: 'Home carousel' });
  await home.waitFor();
  await check(page, 'banners');
  const edit = home.getByRole('link', { name: /^Edit banner #\d+ of the home carousel$/ }).first();
  const bannerId = Number((await edit.getAttribute('href')).match(/(\d+)$/)[1]);
  await edit.click();
  await page.getByRole('heading', { name: `Banner #${bannerId}`, level: 1 }).waitFor();
  const sizes = (prefix) =>
    ['sm', 'md', 'lg'].map((s) => `/media/banners/${prefix}${banner.name}-${s}.webp`).join('\n');
  await page.getByLabel('Link').fill(banner.url);
  await page.getByLabel('Turkish images').fill(sizes(''));
  await page.getByLabel('English images').fill(sizes('en/'));
  for (const language of ['Turkish', 'English']) {
    const preview = page.getByRole('img', { name: `${language} banner, first image` });
    await until(`the ${language} preview drawn`, () =>
      preview.evaluate((img) => img.complete && img.naturalWidth > 0),
    );
  }
  await check(page, 'banner-editor');
  await page.getByRole('button', { name: 'Save banner' }).click();
  await page.getByText(`Banner #${bannerId} saved: the site shows it now.`).waitFor();
  await page.getByRole('heading', { name: 'Banners', level: 1 }).waitFor();
  const card = page.locator('.banner-card', {
    has: page.getByRole('link', { name: `Edit banner #${bannerId} of the home carousel` }),
  });
  await card.getByText(banner.url, { exact: true }).waitFor();
  assert.equal(
    await card.locator('img').getAttribute('src'),
    `/media/banners/${banner.name}-sm.webp`,
  );
  await check(page, 'banners-saved');

  // The site's home page shows it at the next load (the server was not restarted).
  await sitePage.goto(server.baseUrl, { waitUntil: 'networkidle' });
  const first = sitePage.locator('.banner-carousel a.banner').first();
  await until(
    'the new banner on the home page',
    async () => {
      const img = first.locator('img.banner__img');
      if ((await img.count()) === 0) return false;
      const shown = (await img.getAttribute('src')) === `/media/banners/${banner.name}-sm.webp`;
      if (!shown) await sitePage.reload({ waitUntil: 'networkidle' });
      return shown;
    },
    20_000,
  );
  assert.equal(await first.getAttribute('href'), banner.url);
  const source = first.locator('source[media="(min-width: 1200px)"]');
  assert.equal(await source.getAttribute('srcset'), `/media/banners/${banner.name}-lg.webp`);
  await until('the banner drawn', () =>
    first.locator('img').evaluate((img) => img.complete && img.naturalWidth > 0),
  );
  // The carousel's other slides wait past the edge, inside its clipping box.
  await check(sitePage, 'site-home-banner', { clipped: true });
  // In English too.
  const english = await fetch(`${server.apiUrl}/api/cms/grouped`, {
    headers: { 'x-locale': 'en' },
  }).then((r) => r.json());
  const homeEn = english.data.sliderList.find((s) => s.id === bannerId);
  assert.equal(homeEn?.images[0]?.url, `/media/banners/en/${banner.name}-sm.webp`);

  // ---- Compliance again: signs out and in (the code step), then the audit log. ----
  page = compliance.page;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.getByText('You are signed out.').waitFor();
  // Back where they signed out.
  await signIn(page, staff.compliance, { shots: true, landing: 'Identity documents' });
  await nav(page, 'Audit log');
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  const rows = page.locator('table tbody tr');
  await rows.first().waitFor();
  /** The rows of `action` by `actor` (a username, or a pattern), with `text` in them. */
  const logged = (actor, action, text) => {
    const found = rows
      .filter({
        has: page.getByRole('cell').getByText(actor instanceof RegExp ? actor : exact(actor)),
      })
      .filter({ has: page.locator('code', { hasText: exact(action) }) });
    return text ? found.filter({ hasText: text }) : found;
  };
  const expected = [
    ...Object.values(staff).flatMap((m) => [
      [/^shell:/, 'staff.create', `username: ${m.username}`],
      [m.username, 'staff.enrol'],
    ]),
    [staff.compliance.username, 'kyc.view', `document:${docId}`],
    [staff.compliance.username, 'kyc.approve', `document:${docId}`],
    [staff.finance1.username, 'payment.approve_withdrawal', 'approvals: 1'],
    [staff.finance2.username, 'payment.approve_withdrawal', 'status: confirmed'],
    [staff.content.username, 'content.banner', `banner:${bannerId}`],
    [staff.compliance.username, 'staff.signout'],
    [staff.compliance.username, 'staff.signin'],
  ];
  for (const [actor, action, text] of expected) {
    assert.ok(
      (await logged(actor, action, text).count()) >= 1,
      `the audit log shows ${action} by ${actor}${text ? ` (${text})` : ''}`,
    );
  }
  await page.getByRole('button', { name: 'Verify chain' }).click();
  const verified = page.getByRole('status').locator('.notice__text');
  await verified.filter({ hasText: /chain/ }).waitFor();
  assert.match(await verified.innerText(), /^[\d,]+ rows, chain intact$/);
  await check(page, 'audit');

  for (const { errors } of all) assert.deepEqual(errors, []);
  await Promise.all(all.map(({ context }) => context.close()));
}

test('1440 px: enrol and sign in, approve an identity document, a four-eyes withdrawal seen live by the player, a banner on the site, the audit log', async () => {
  await walk(1440);
});

test('1024 px: enrol and sign in, approve an identity document, a four-eyes withdrawal seen live by the player, a banner on the site, the audit log', async () => {
  await walk(1024);
});
