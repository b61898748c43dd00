// Payments in the browser against the real `kasa` binary (issue 13), at 390 and 1440 px: a player
// deposits by card (on phones from the bottom bar's Deposit Money sheet) through the hosted
// payment page (a new window: a Luhn-valid test card, 'Öde') and sees the balance rise; withdraws
// to an IBAN (the balance drops at once), sees the request pending in Financial Activities with no
// way to reverse it, and after `kasa admin payments reject` sees the amount back; starts a
// bank-transfer deposit (the payee and reference shown) and cancels it from Financial Activities.
// Screenshots go to e2e/artifacts/ (SHOTS_DIR to change).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  artifactsDir,
  kasaAdmin,
  launchBrowser,
  openLoggedIn,
  registerPlayer,
  screenshot,
  startServer,
  test,
  until,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? artifactsDir;
mkdirSync(shotsDir, { recursive: true });

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

const admin = (...args) => kasaAdmin(server.databaseUrl, ...args);

/** The player's requests as the API lists them (newest first). */
async function transactions(authData) {
  const res = await fetch(`${server.apiUrl}/api/payment/transactions?take=50`, {
    headers: { authorization: `Bearer ${authData.token}`, 'x-locale': 'tr' },
  }).then((r) => r.json());
  assert.equal(res.success, true, JSON.stringify(res));
  return res.data.items;
}

const shot = (page, name) => screenshot(page, join(shotsDir, `${name}.png`));

/** No sideways overflow of the page. */
async function noOverflow(page, where) {
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(wide <= 0, `${where}: the page overflows sideways by ${wide} px`);
}

function balanceOf(page, mobile) {
  return mobile
    ? page.locator('nav.bottom-bar .bottom-bar__balance')
    : page.locator('header.header .header__balance');
}

async function balanceIs(page, mobile, text) {
  await until(`the balance ${text}`, async () =>
    (await balanceOf(page, mobile).innerText()).includes(text),
  );
  await until(`the page's balance ${text}`, async () =>
    (await page.getByTestId('payments-balance').innerText()).includes(text),
  );
}

async function goto(page, path) {
  await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
}

async function journey({ width, height, mobile, tag }) {
  const { authData } = await registerPlayer(server.apiUrl, tag);
  const { context, page, errors } = await openLoggedIn(browser, server.baseUrl, authData, {
    width,
    height,
    mobile,
  });

  // Card deposit: the dialog's Continue opens the hosted page in a new window.
  await goto(page, '/dashboard/deposit');
  await page.getByRole('heading', { name: 'Para Yatır' }).waitFor();
  await balanceIs(page, mobile, '0,00 ₺');
  await noOverflow(page, 'deposit page');
  await shot(page, `deposit-${width}`);
  if (mobile) {
    // On phones the bottom bar's Deposit opens the Deposit Money sheet, which hands over to the dialog.
    await page.locator('nav.bottom-bar .bottom-bar__wallet').click();
    const sheet = page.getByRole('dialog', { name: 'Para Yatır', exact: true });
    await sheet.getByRole('button', { name: /Havale \/ EFT/ }).waitFor();
    await noOverflow(page, 'deposit sheet');
    await shot(page, `deposit-sheet-${width}`);
    await sheet.getByRole('button', { name: /Kredi \/ Banka Kartı/ }).click();
    await sheet.waitFor({ state: 'detached' });
  } else {
    await page.getByRole('button', { name: /Kredi \/ Banka Kartı/ }).click();
  }
  let dialog = page.getByRole('dialog', { name: /Kredi \/ Banka Kartı/ });
  const amount = dialog.getByLabel('Tutar');
  await amount.waitFor();
  const submit = dialog.getByRole('button', { name: 'Gönder' });
  assert.equal(await submit.isDisabled(), true, 'no submit while the form is empty');
  // Section 5: no minus sign when the minimum is 0 or more; above the maximum clamps at once.
  await amount.fill('-25');
  assert.equal(await amount.inputValue(), '25');
  await amount.fill('999999');
  assert.equal(await amount.inputValue(), '20.000');
  await amount.fill('1');
  await amount.blur();
  assert.equal(await amount.inputValue(), '50', 'below the minimum: clamped on leaving');
  await amount.fill('250,50');
  await amount.blur();
  await shot(page, `deposit-dialog-${width}`);
  await submit.click();
  const cont = dialog.getByRole('link', { name: /Devam/ });
  await cont.waitFor();
  await shot(page, `deposit-continue-${width}`);
  const [payPage] = await Promise.all([context.waitForEvent('page'), cont.click()]);
  await payPage.waitForLoadState('domcontentloaded');
  assert.match(payPage.url(), /\/pay\//);
  await payPage.locator('#number').fill('4242 4242 4242 4242');
  await payPage.locator('#expiry').fill(`12/${String(new Date().getFullYear() + 2).slice(-2)}`);
  await payPage.locator('#cvc').fill('123');
  await payPage.locator('#name').fill('DENIZ YILDIZ');
  await payPage.getByRole('button', { name: 'Öde' }).click();
  await payPage.waitForLoadState('domcontentloaded');
  await payPage.close();
  await dialog.waitFor({ state: 'detached' });
  await balanceIs(page, mobile, '250,50 ₺');

  // Withdrawal to an IBAN: the amount is held at once.
  await goto(page, '/dashboard/withdraw');
  await page.getByRole('heading', { name: 'Para Çek' }).waitFor();
  await page.getByRole('button', { name: /Banka hesabına/ }).click();
  dialog = page.getByRole('dialog', { name: /Banka hesabına/ });
  const iban = dialog.getByLabel('IBAN', { exact: true });
  await iban.waitFor();
  assert.equal(await iban.getAttribute('placeholder'), 'TR00 0000 0000 0000 0000 0000 00');
  await iban.pressSequentially('330006100519786457841327');
  await iban.blur();
  await dialog.getByText('geçerli bir IBAN').waitFor();
  await iban.fill('');
  await iban.pressSequentially('330006100519786457841326');
  assert.equal(await iban.inputValue(), 'TR33 0006 1005 1978 6457 8413 26');
  await dialog.getByLabel('Hesap sahibinin adı').fill('Deniz Yıldız');
  await dialog.getByLabel('Tutar').fill('150');
  await dialog.getByLabel('Tutar').blur();
  await shot(page, `withdraw-dialog-${width}`);
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await dialog.waitFor({ state: 'detached' });
  await balanceIs(page, mobile, '100,50 ₺');

  // Financial Activities: pending, and nothing to reverse it with.
  await goto(page, '/dashboard/financial-activities');
  const rows = page.getByTestId('transaction');
  await rows.first().waitFor();
  const withdrawal = rows.filter({ hasText: 'Para çekme' }).first();
  await withdrawal.getByText('Beklemede').waitFor();
  await withdrawal.getByText('İşleniyor').waitFor();
  assert.equal(await withdrawal.getByRole('button').count(), 0, 'a withdrawal has no action');
  await rows.filter({ hasText: 'Para yatırma' }).first().getByText('Onaylandı').waitFor();
  await noOverflow(page, 'financial activities');
  await shot(page, `activities-${width}`);

  // The operator refuses it: the amount is back.
  const pending = (await transactions(authData)).find((t) => t.kind === 2 && t.status === 2);
  assert.ok(pending, 'the withdrawal is listed pending');
  await admin('payments', 'reject', String(pending.id), '--reason', 'IBAN sahibi uyuşmuyor');
  await balanceIs(page, mobile, '250,50 ₺');
  await page.reload({ waitUntil: 'networkidle' });
  await rows
    .filter({ hasText: 'Para çekme' })
    .first()
    .getByText('Reddedildi')
    .waitFor({ timeout: 10_000 });

  // A bank-transfer deposit: the payee and reference, then cancelled by the player.
  await goto(page, '/dashboard/deposit');
  await page.getByRole('button', { name: /Havale \/ EFT/ }).click();
  dialog = page.getByRole('dialog', { name: /Havale \/ EFT/ });
  await dialog.getByLabel('Tutar').fill('500');
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await dialog.getByText(/TR33 0006 1005 1978 6457 8413 26.*KS0000/).waitFor();
  await shot(page, `deposit-bank-message-${width}`);
  await dialog.getByRole('button', { name: 'Kapat' }).first().click();
  await goto(page, '/dashboard/financial-activities');
  const bank = rows.filter({ hasText: 'Havale / EFT' }).first();
  await bank.getByText('Beklemede').waitFor();
  await bank.getByRole('button', { name: 'İptal et' }).click();
  await bank.getByText('İptal edildi').first().waitFor();
  assert.equal(await bank.getByRole('button', { name: 'İptal et' }).count(), 0);
  await balanceIs(page, mobile, '250,50 ₺');
  await datePickers(page, { width, lang: 'tr', filter: true });

  assert.deepEqual(errors, []);
  await context.close();
}

/** mm/dd/yy of the UTC day `days` from today (the browser runs in the machine's UTC clock). */
function pickerText(days = 0) {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${String(d.getUTCFullYear()).slice(-2)}`;
}

/**
 * Financial Activities' date pickers (spec: mm/dd/yy, weeks from Sunday): the calendar opens on
 * today (marked, focused) with the month and weekdays in the language; it is screenshot
 * (/tmp/shots-dp/) and closed with Escape. With `filter`, a range is picked with the keyboard and
 * the mouse: from tomorrow lists nothing, to cannot be before from, today to today lists the rows.
 */
async function datePickers(page, { width, lang, filter }) {
  const tr = lang === 'tr';
  const fromLabel = tr ? 'Başlangıç' : 'From';
  const toLabel = tr ? 'Bitiş' : 'To';
  const openLabel = (field) => (tr ? `Takvimi aç: ${field}` : `Open the calendar: ${field}`);
  const fromInput = page.getByLabel(fromLabel, { exact: true });
  assert.equal(await fromInput.getAttribute('placeholder'), tr ? 'aa/gg/yy' : 'mm/dd/yy');
  await page.getByRole('button', { name: openLabel(fromLabel) }).click();
  const calendar = page.getByRole('dialog');
  const month = new Intl.DateTimeFormat(tr ? 'tr-TR' : 'en-GB', {
    month: 'long',
    year: 'numeric',
  }).format(new Date());
  await calendar.getByRole('heading', { name: month }).waitFor();
  assert.equal(await calendar.locator('th').first().innerText(), tr ? 'Paz' : 'Sun');
  await calendar.getByRole('button', { name: tr ? 'Önceki ay' : 'Previous month' }).waitFor();
  await calendar.getByRole('button', { name: tr ? 'Sonraki ay' : 'Next month' }).waitFor();
  const focusedToday = await page.evaluate(
    () => document.activeElement?.getAttribute('aria-current') === 'date',
  );
  assert.ok(focusedToday, 'the calendar opens on today, marked and focused');
  await noOverflow(page, 'date picker');
  await page.waitForTimeout(200);
  await page.screenshot({ path: `/tmp/shots-dp/picker-${lang}-${width}.png` });
  await page.keyboard.press('Escape');
  await calendar.waitFor({ state: 'detached' });
  const toggleFocused = await page.evaluate(() =>
    document.activeElement?.getAttribute('aria-label'),
  );
  assert.equal(toggleFocused, openLabel(fromLabel), 'Escape gives the focus back');
  if (!filter) return;

  const rows = page.getByTestId('transaction');
  // From tomorrow (ArrowRight, Enter): nothing yet, and the message says the filters hide it.
  await page.getByRole('button', { name: openLabel(fromLabel) }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await calendar.waitFor({ state: 'detached' });
  assert.equal(await fromInput.inputValue(), pickerText(1));
  await page
    .getByText(tr ? 'Bu filtrelere uyan' : 'match these filters', { exact: false })
    .first()
    .waitFor();
  assert.equal(await rows.count(), 0);
  // To cannot be before from: today is disabled in the To calendar.
  await page.getByRole('button', { name: openLabel(toLabel) }).click();
  assert.ok(await calendar.locator('[aria-current="date"]').isDisabled(), 'to before from');
  await page.keyboard.press('Escape');
  // Today to today, with the mouse: the rows are back.
  await page.getByRole('button', { name: openLabel(fromLabel) }).click();
  await calendar.locator('[aria-current="date"]').click();
  await page.getByRole('button', { name: openLabel(toLabel) }).click();
  await calendar.locator('[aria-current="date"]').click();
  assert.equal(await fromInput.inputValue(), pickerText(0));
  assert.equal(await page.getByLabel(toLabel, { exact: true }).inputValue(), pickerText(0));
  await rows.first().waitFor();
  await noOverflow(page, 'filtered financial activities');
  await page.screenshot({ path: `/tmp/shots-dp/filtered-${lang}-${width}.png` });
}

/** The screens in English: labels, the e-wallet's dropdown starting at 'Select', no overflow. */
async function inEnglish({ width, height, mobile, tag }) {
  const { authData } = await registerPlayer(server.apiUrl, tag);
  const { context, page, errors } = await openLoggedIn(browser, server.baseUrl, authData, {
    width,
    height,
    mobile,
    lang: 'en',
  });
  await goto(page, '/dashboard/deposit');
  await page.getByRole('heading', { name: 'Deposit' }).waitFor();
  await page.getByRole('button', { name: /E-wallet/ }).click();
  let dialog = page.getByRole('dialog', { name: /E-wallet/ });
  const wallet = dialog.getByLabel('E-wallet');
  await wallet.waitFor();
  assert.equal(await wallet.locator('option').first().textContent(), 'Select');
  assert.equal(await dialog.getByRole('button', { name: 'Submit' }).isDisabled(), true);
  await wallet.selectOption({ label: 'Papara' });
  await dialog.getByLabel('Amount').fill('75');
  await noOverflow(page, 'English deposit dialog');
  await shot(page, `en-deposit-dialog-${width}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await shot(page, `en-deposit-${width}`);

  // The form is sent only for an amount the page says can be withdrawn (issue 30): while a
  // field refusal is shown below, the balance answers 500 ₺ of real money.
  await page.route('**/api/user/balance', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        message: null,
        data: { balance: 500, realBalance: 500, bonusBalance: 0 },
      }),
    }),
  );
  await goto(page, '/dashboard/withdraw');
  await page.getByRole('button', { name: /To a bank account/ }).click();
  dialog = page.getByRole('dialog', { name: /To a bank account/ });
  await dialog.getByLabel('Name on the account').waitFor();
  await dialog
    .getByText(/Withdrawable: ₺500\.00/)
    .first()
    .waitFor();
  await dialog.getByLabel('Amount').fill('50');
  await dialog.getByLabel('Amount').blur();
  assert.equal(await dialog.getByLabel('Amount').inputValue(), '100');
  await shot(page, `en-withdraw-dialog-${width}`);
  // A field the server refuses (422 naming it) shows under that field, not as a toast.
  await page.route('**/api/payment/withdraw', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'This IBAN is not accepted.',
        data: { field: 'Iban' },
      }),
    }),
  );
  const iban = dialog.getByLabel('IBAN', { exact: true });
  await iban.pressSequentially('330006100519786457841326');
  await dialog.getByLabel('Name on the account').fill('Deniz Yildiz');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.locator('#pay-Iban-error').getByText('This IBAN is not accepted.').waitFor();
  assert.equal(await iban.getAttribute('aria-invalid'), 'true');
  await page.unroute('**/api/payment/withdraw');
  await page.unroute('**/api/user/balance');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // A withdrawal beyond what can be withdrawn (0 ₺) is refused as it is typed, naming what can be
  // (issue 30; the server refuses it the same way): one message, under Amount, no toast, and
  // Submit says why it is disabled.
  await page.getByRole('button', { name: /To a bank account/ }).click();
  await dialog.getByLabel('IBAN', { exact: true }).pressSequentially('330006100519786457841326');
  await dialog.getByLabel('Name on the account').fill('Deniz Yildiz');
  await dialog.getByLabel('Amount').fill('100');
  await dialog.getByLabel('Amount').blur();
  const short = /You can withdraw at most/;
  await dialog.locator('#pay-Amount-error').getByText(short).waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Submit' }).isDisabled(), true);
  assert.equal(await dialog.getByLabel('Amount').getAttribute('aria-invalid'), 'true');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('[data-sonner-toaster]').getByText(short).count(), 0);
  await shot(page, `en-withdraw-short-${width}`);
  await page.keyboard.press('Escape');

  await goto(page, '/dashboard/financial-activities');
  await page.getByText('No deposits or withdrawals yet.').waitFor();
  await noOverflow(page, 'English financial activities');
  await shot(page, `en-activities-${width}`);
  await datePickers(page, { width, lang: 'en', filter: false });
  assert.deepEqual(errors, []);
  await context.close();
}

test('payments in English (390 and 1440 px)', async () => {
  await inEnglish({ width: 390, height: 844, mobile: true, tag: 'paye' });
  await inEnglish({ width: 1440, height: 900, mobile: false, tag: 'payf' });
});

test('payments on a phone (390 px)', async () => {
  await journey({ width: 390, height: 844, mobile: true, tag: 'paym' });
});

test('payments on a desktop (1440 px)', async () => {
  await journey({ width: 1440, height: 900, mobile: false, tag: 'payd' });
});
