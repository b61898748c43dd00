// Notifications and the real-time hub in the browser, against the real `kasa` binary: an operator
// sends notifications with `kasa admin notify`; the bell counts up without a reload, a toast shows
// the title and note, the panel lists them, opening one marks it read (the badge counts down); a
// wallet adjustment's Balance push reaches the header while the balance poll is cut off; and the
// operator ending the player's sessions ('exit') logs the page out. Desktop (1440 px, header bell)
// and mobile (390 px, bottom bar sheet).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  artifact,
  closeContext,
  kasaAdmin,
  launchBrowser,
  openLoggedIn,
  registerPlayer,
  reloadedAfterLogout,
  screenshot,
  startServer,
  test,
  until,
} from './helpers.mjs';

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

async function unreadIs(bell, n) {
  await until(
    `${n} unread on the bell`,
    async () => (await bell.getAttribute('data-unread')) === String(n),
  );
}

const shot = (page, name) => screenshot(page, artifact(name));

/** The panel's live dot once the hub is connected (opens and closes the panel). */
async function waitConnected(page, bell) {
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Bildirimler' });
  await dialog.locator('.live-dot[data-status="connected"]').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function journey({ width, height, mobile, tag }) {
  const { username, authData } = await registerPlayer(server.apiUrl, tag);
  const { context, page, errors } = await openLoggedIn(browser, server.baseUrl, authData, {
    width,
    height,
    mobile,
  });
  const bell = mobile ? page.locator('nav.bottom-bar .bell') : page.locator('header.header .bell');
  await bell.waitFor();
  await unreadIs(bell, 0);
  assert.equal(await bell.locator('.bell__badge').count(), 0);
  await waitConnected(page, bell);

  // Two notifications from the operator: counted at once, each with a toast.
  await admin(
    'notify',
    '--player',
    username,
    '--title',
    'Hoş geldiniz',
    '--note',
    'Hesabınız hazır. İyi eğlenceler!',
  );
  await unreadIs(bell, 1);
  const toaster = page.locator('[data-sonner-toaster]');
  await toaster.getByText('Hoş geldiniz').waitFor();
  await toaster.getByText('Hesabınız hazır. İyi eğlenceler!').waitFor();
  assert.equal(await bell.locator('.bell__badge').innerText(), '1');
  await shot(page, `notifications-toast-${width}.png`);
  await admin(
    'notify',
    '--player',
    username,
    '--type',
    'deposit',
    '--title',
    'Yatırımınız onaylandı',
    '--note',
    '250,00 ₺ hesabınıza geçti. Bol şans!',
  );
  await unreadIs(bell, 2);
  await toaster.getByText('Yatırımınız onaylandı').waitFor();
  await admin(
    'notify',
    '--player',
    username,
    '--type',
    'bonus',
    '--title',
    'Bonus tanımlandı',
    '--note',
    '%100 hoş geldin bonusu hesabınızda.',
  );
  await unreadIs(bell, 3);
  assert.equal(await bell.locator('.bell__badge').innerText(), '3');

  // The panel: newest first, unread dots, type icons.
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Bildirimler' });
  await dialog.waitFor();
  const rows = dialog.locator('.notif-item');
  await until('three rows', async () => (await rows.count()) === 3);
  assert.deepEqual(await dialog.locator('.notif-item__title').allInnerTexts(), [
    'Bonus tanımlandı',
    'Yatırımınız onaylandı',
    'Hoş geldiniz',
  ]);
  assert.equal(await dialog.locator('.notif-item__dot').count(), 3);
  assert.equal(await rows.nth(0).locator('.notif-kind--bonus').count(), 1);
  assert.equal(await rows.nth(1).locator('.notif-kind--deposit').count(), 1);
  assert.equal(await rows.nth(2).locator('.notif-kind--system').count(), 1);
  assert.match(await rows.nth(0).locator('time').innerText(), /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  if (!mobile) {
    const area = await dialog.locator('.notif-panel__area').boundingBox();
    assert.equal(Math.round(area.height), 582);
  } else {
    const box = await dialog.boundingBox();
    assert.equal(Math.round(box.height), height, 'the sheet is full height');
  }
  await shot(page, `notifications-panel-${width}.png`);

  // Opening one: the detail with a back arrow; read after the server's success.
  await rows.nth(1).click();
  await dialog.getByRole('heading', { name: 'Yatırımınız onaylandı' }).waitFor();
  await dialog.getByText('250,00 ₺ hesabınıza geçti. Bol şans!').waitFor();
  await unreadIs(bell, 2);
  await shot(page, `notifications-detail-${width}.png`);
  const back = dialog.getByRole('button', { name: 'Bildirimler', exact: true });
  assert.equal(await back.evaluate((el) => el === document.activeElement), true);
  await page.keyboard.press('Enter');
  await until('the list again', async () => (await rows.count()) === 3);
  assert.equal(await dialog.locator('.notif-item__dot').count(), 2);
  assert.equal(await rows.nth(1).locator('.notif-item__dot').count(), 0);
  // Keyboard: the opened row has the focus back; Enter on the next one opens it.
  await until('the opened row focused', () =>
    rows.nth(1).evaluate((el) => el === document.activeElement),
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await dialog.getByRole('heading', { name: 'Hoş geldiniz' }).waitFor();
  await unreadIs(bell, 1);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // The read state is the server's: it survives a reload.
  await page.reload({ waitUntil: 'networkidle' });
  await unreadIs(bell, 1);

  // Balance push: the poll is cut off, the operator credits 250 ₺, the header shows it.
  await page.route('**/api/user/balance', (route) => route.abort());
  await waitConnected(page, bell);
  await admin('wallet', 'adjust', '--player', username, '--amount', '250', '--reason', 'e2e');
  const balance = mobile
    ? page.locator('nav.bottom-bar .bottom-bar__balance')
    : page.locator('header.header .header__balance');
  await until('the pushed balance', async () => (await balance.innerText()).includes('250,00 ₺'));

  // 'exit': the operator ends the sessions; the page forgets the login and goes home.
  await page.goto(`${server.baseUrl}/casino/play/demo-game`, { waitUntil: 'networkidle' });
  await bell.waitFor();
  await waitConnected(page, bell);
  await admin('player', 'logout', '--player', username);
  await until('the local logout', async () => {
    const stored = await page.evaluate(() => localStorage.getItem('authData')).catch(() => 'x');
    return stored === null && new URL(page.url()).pathname === '/';
  });
  await reloadedAfterLogout(page);
  await page.getByRole('button', { name: 'Giriş Yap' }).first().waitFor({ timeout: 30_000 });

  assert.deepEqual(errors, []);
  await closeContext(context);
}

test('desktop: the header bell, live notifications, the panel and the hub commands', async () => {
  await journey({ width: 1440, height: 900, mobile: false, tag: 'ntfd' });
});

test('mobile: the bottom bar opens the notifications in a full-height sheet', async () => {
  await journey({ width: 390, height: 844, mobile: true, tag: 'ntfm' });
});
