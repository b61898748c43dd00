// Player protection in the browser against the real `kasa` binary (issue 31): a player lowers a
// deposit limit on the Player protection page and is refused a deposit over it, with what is left
// named under the amount; raises it and sees the raise pending for 24 hours (Confirm not usable
// yet); switches the reality check on and, in an open casino game (a wager limit of 1 lira: the
// second spin is refused in the game, naming what is left), sees it come over the game once
// Playwright's clock has moved 15 minutes on (the game window's clock shows the time since login);
// uploads an identity document (a small real PNG) and sees it pending; takes a 24-hour time-out,
// is logged out with a notice saying until when, and the login form says it too.
//
// The walk at 390 and 1440 px, in Turkish and in English (two at a time), and the session time
// limit's warning and end at 390 px in English and 1440 px in Turkish; an ended self-exclusion
// reopened from the login form at 390 px in Turkish and 1440 px in English. At every step nothing
// sticks out sideways, axe-core finds nothing (WCAG 2.2 A/AA and best practices) and a screenshot
// goes to e2e/artifacts/protection/ (SHOTS_DIR to change).
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  artifact,
  axeProblems,
  closePopupIfShown,
  kasaAdmin,
  noOverflow,
  openPage,
  registerPlayer,
  runSql,
  screenshot,
  startServerAndBrowser,
  stopServerAndBrowser,
  test,
  until,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? artifact('protection');
mkdirSync(shotsDir, { recursive: true });

/** The studio slot the walk opens (content/games.json). */
const SLOT = { code: 'kasa-sultans-gold', tr: "Sultan'ın Altını", en: "Sultan's Gold" };

/** A 1×1 PNG: a real image for the identity upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The words the walk looks for, in each language. */
const T = {
  tr: {
    account: 'Hesabım',
    protection: 'Oyuncu Koruması',
    depositLimits: 'Para yatırma limitleri',
    day: '24 saat',
    newLimit: 'Yeni limit (₺)',
    save: 'Kaydet',
    money: (n) => `${n},00 ₺`,
    deposit: 'Para Yatır',
    card: /Kredi \/ Banka Kartı/,
    amount: 'Tutar',
    submit: 'Gönder',
    overLimit: /para yatırma limitinizi aşıyor\. Kalan: 24 saat 100,00 ₺/,
    leftNote: /en fazla 100,00 ₺ yatırabilirsiniz/,
    pending:
      /Bekleyen değişiklik: 1\.000,00 ₺\. .+ sonrasında geçerli olur; .+ tarihine kadar onaylayın\./,
    confirm: 'Onayla',
    reality: 'Gerçeklik kontrolü',
    every15: 'Her 15 dakikada',
    realityDialog: 'Gerçeklik kontrolü',
    continue: 'Devam et',
    since: /dakika önce giriş yaptınız/,
    clock: 'Girişten beri geçen süre',
    identity: 'Kimlik doğrulama',
    docType: 'Belge türü',
    passport: 'Pasaport',
    front: 'Ön yüz',
    upload: 'Yükle',
    pendingTag: 'İnceleniyor',
    spin: 'Çevir',
    staked1: /Bahis\s+1,00 ₺/,
    overWager: /bahis limitinizi aşıyor\. Kalan: 24 saat 0,00 ₺/,
    withdraw: 'Para Çek',
    identityNote: /kimlik doğrulamanızın onaylan/,
    verifyIdentity: 'Kimliğimi doğrula',
    takeBreak: 'Mola verin',
    takeBreakButton: 'Mola ver',
    breakTitle: '24 saat mola verilsin mi?',
    understand: 'Bunun erken kaldırılamayacağını anlıyorum',
    startBreak: 'Molayı başlat',
    loggedOut: 'Oturumunuz kapatıldı',
    closedUntil: /Hesabınız \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} tarihine kadar kapalı/,
    ok: 'Tamam',
    login: 'Giriş Yap',
    username: 'Kullanıcı adı',
    password: 'Şifre',
    loginClosed: /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} tarihine kadar mola veriyorsunuz/,
    session: 'Oturum süresi limiti',
    sessionNew: 'Yeni limit (dakika)',
    minutes10: '10 dakika',
    warningTitle: 'Oturum süreniz dolmak üzere',
    warningText: /oturumunuz \d{2}:\d{2} itibarıyla kapanacak \(Türkiye saati\)/,
    sessionEnded: /Oturum süresi limitinize ulaştınız; oturumunuz kapatıldı\./,
    exclusion: 'Kendini hariç tutma',
    sixMonths: '6 ay',
    closeAccount: 'Hesabımı kapat',
    exclusionTitle: 'Kendini hariç tutma: 6 ay',
    reopen: 'Hesabımın yeniden açılmasını iste',
    reopenOffer:
      /Kendinizi hariç tutma süreniz \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} tarihinde sona erdi/,
    reopensAt:
      /Talebinizi aldık: hesabınız \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} tarihinde yeniden açılacak/,
  },
  en: {
    account: 'My Account',
    protection: 'Player protection',
    depositLimits: 'Deposit limits',
    day: '24 hours',
    newLimit: 'New limit (₺)',
    save: 'Save',
    money: (n) => `₺${n}.00`,
    deposit: 'Deposit',
    card: /Credit \/ debit card/,
    amount: 'Amount',
    submit: 'Submit',
    overLimit: /over your deposit limit\. Left: 24 hours ₺100\.00/,
    leftNote: /deposit up to ₺100\.00 now/,
    pending: /Pending change: ₺1,000\.00\. Applies after .+; confirm by .+\./,
    confirm: 'Confirm',
    reality: 'Reality check',
    every15: 'Every 15 minutes',
    realityDialog: 'Reality check',
    continue: 'Continue',
    since: /You logged in \d+ minutes ago/,
    clock: 'Time since login',
    identity: 'Identity verification',
    docType: 'Document type',
    passport: 'Passport',
    front: 'Front',
    upload: 'Upload',
    pendingTag: 'Pending',
    spin: 'Spin',
    staked1: /Staked\s+₺1\.00/,
    overWager: /over your wager limit\. Left: 24 hours ₺0\.00/,
    withdraw: 'Withdraw',
    identityNote: /identity verification/,
    verifyIdentity: 'Verify my identity',
    takeBreak: 'Take a break',
    takeBreakButton: 'Take a break',
    breakTitle: 'Take a break for 24 hours?',
    understand: 'I understand this cannot be lifted early',
    startBreak: 'Start the break',
    loggedOut: 'You have been logged out',
    closedUntil: /closed until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
    ok: 'OK',
    login: 'Log In',
    username: 'Username',
    password: 'Password',
    loginClosed: /taking a break until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
    session: 'Session time limit',
    sessionNew: 'New limit (minutes)',
    minutes10: '10 minutes',
    warningTitle: 'Your session time is almost up',
    warningText: /ends your session at \d{2}:\d{2} \(Turkey time\)/,
    sessionEnded: /You reached your session time limit, so your session has ended\./,
    exclusion: 'Self-exclusion',
    sixMonths: '6 months',
    closeAccount: 'Close my account',
    exclusionTitle: 'Self-exclusion: 6 months',
    reopen: 'Ask to reopen my account',
    reopenOffer: /Your self-exclusion ended on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
    reopensAt:
      /We have your request: your account reopens on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
  },
};

/** axe findings accepted here: none (the domain notice is an aside with a name, a landmark). */
const KNOWN_AXE = [];

let ctx = {};

before(async () => {
  ctx = await startServerAndBrowser();
});

after(() => stopServerAndBrowser(ctx));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The play page's address of a game (base64 of its URI-encoded JSON). */
function playPath(lang) {
  const game = { providerName: 'Kasa Studio', gameCode: SLOT.code, name: SLOT[lang] };
  return `/casino/play/${Buffer.from(encodeURIComponent(JSON.stringify(game))).toString('base64')}`;
}

/**
 * A player of their own, logged in through the form at `width` in `lang` (`prepare` runs on the
 * player before the page opens), and the walk's tools: `step` (nothing sticks out, axe finds
 * nothing, a numbered screenshot named `tag`-n-name), `goto`, `toastsGone`, `logIn`, `finish`.
 */
async function startWalk({ width, lang, tag, prepare }) {
  const { server, browser } = ctx;
  const t = T[lang];
  const mobile = width < 992;
  const height = mobile ? 844 : 900;
  const player = await registerPlayer(server.apiUrl, 'pp');
  if (prepare) await prepare(player);
  // Logged in through the form (login data put in storage would come back after the time-out's
  // reload: the page's storage is filled again once per tab).
  const { context, page, errors } = await openPage(browser, server.baseUrl, {
    width,
    height,
    mobile,
    storage: { lang },
  });
  await closePopupIfShown(page);
  const guestBar = mobile ? page.locator('nav.bottom-bar') : page.locator('header.header');
  const logIn = async () => {
    await guestBar.getByRole('button', { name: t.login, exact: true }).click();
    const form = page.getByRole('dialog', { name: t.login });
    await form.getByLabel(t.username).fill(player.username);
    await form.getByLabel(t.password, { exact: true }).fill('gizli123');
    await form.getByRole('button', { name: t.login, exact: true }).click();
    return form;
  };
  const form = await logIn();
  await form.waitFor({ state: 'detached' });
  await until('logged in', () => page.evaluate(() => localStorage.getItem('authData') !== null));

  let n = 0;
  const problems = [];
  /** One step: nothing sticks out, axe finds nothing, a screenshot (numbered in order). */
  const step = async (name, { include } = {}) => {
    const where = `${tag} ${name}`;
    try {
      await noOverflow(page, where, { clipped: true });
    } catch (error) {
      problems.push(error.message.split('\n')[0]);
    }
    // axe scrolls what it checks into view: the screenshot shows where the step was.
    const scrolled = await page.evaluate(() => window.scrollY);
    problems.push(...(await axeProblems(page, where, { include, known: KNOWN_AXE })));
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    n += 1;
    await screenshot(page, join(shotsDir, `${tag}-${String(n).padStart(2, '0')}-${name}.png`));
  };
  const goto = (path) => page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
  // A toast under the pointer waits (sonner pauses on hover): the pointer moves away first.
  const toastsGone = async () => {
    await page.mouse.move(1, 1);
    await until(
      'the toasts gone',
      async () => (await page.locator('[data-sonner-toast]').count()) === 0,
    );
  };
  /** What the steps found and the page's errors: none. */
  const finish = async () => {
    assert.deepEqual(problems, [], `${tag}: what the steps found`);
    assert.deepEqual(errors, []);
    await context.close();
  };
  return { server, t, mobile, player, page, step, goto, toastsGone, logIn, finish };
}

async function walk({ width, lang }) {
  const tag = `${width}-${lang}`;
  const { server, t, mobile, page, step, goto, toastsGone, logIn, finish } = await startWalk({
    width,
    lang,
    tag,
    // Ten lira to play with (the game's stake over the wager limit).
    prepare: (player) =>
      kasaAdmin(
        ctx.server.databaseUrl,
        'wallet',
        'adjust',
        '--player',
        player.username,
        '--amount',
        '10',
        '--reason',
        'e2e',
      ),
  });

  // ---- The dashboard links to Player protection. ----
  await goto('/dashboard');
  const tile = page.getByRole('link', { name: new RegExp(`^${escape(t.protection)}`) });
  await tile.waitFor();
  await tile.click();
  await page.waitForURL(/\/dashboard\/protection$/);
  await page.getByRole('heading', { level: 1, name: t.protection }).waitFor();
  await step('protection');

  // ---- Deposit limit: set, then lowered (both apply at once). ----
  const deposits = page.getByRole('region', { name: t.depositLimits });
  const day = deposits.getByRole('group', { name: t.day });
  const setDay = async (amount, shows) => {
    await day.getByLabel(t.newLimit).fill(String(amount));
    await day.getByRole('button', { name: t.save }).click();
    await until(`the 24-hour limit ${shows}`, async () =>
      (await day.getByTestId('limit-value').innerText()).includes(shows),
    );
  };
  await setDay(500, t.money(500));
  await setDay(100, t.money(100));
  await toastsGone();
  await day.scrollIntoViewIfNeeded();
  await step('deposit-limit-lowered');

  // ---- A deposit over it is refused under the amount, naming what is left. ----
  await goto('/dashboard/deposit');
  await page.getByTestId('deposit-limit-left').waitFor();
  assert.match(await page.getByTestId('deposit-limit-left').innerText(), t.leftNote);
  await page.getByTestId('deposit-limit-left').scrollIntoViewIfNeeded();
  await step('deposit-page-left');
  await page.getByRole('button', { name: t.card }).click();
  const dialog = page.getByRole('dialog', { name: t.card });
  const amount = dialog.getByLabel(t.amount);
  await amount.waitFor();
  await amount.fill('250');
  await amount.blur();
  await dialog.getByRole('button', { name: t.submit }).click();
  const refusal = dialog.locator('.field__error');
  await refusal.waitFor();
  assert.match(await refusal.innerText(), t.overLimit);
  assert.equal(await page.locator('[data-sonner-toast]').count(), 0, 'no toast: the form says it');
  await step('deposit-refused');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // ---- A raise waits 24 hours: pending, Confirm not usable yet. ----
  await goto('/dashboard/protection');
  await setDay(1000, t.money(100));
  const note = day.getByTestId('pending-note');
  await note.waitFor();
  assert.match(await note.innerText(), t.pending);
  assert.ok(await (await day.getByTestId('limit-value').innerText()).includes(t.money(100)));
  assert.equal(await note.getByRole('button', { name: t.confirm }).isDisabled(), true);
  await toastsGone();
  await day.scrollIntoViewIfNeeded();
  await step('raise-pending');

  // ---- The reality check every 15 minutes, over an open game. ----
  const reality = page.getByRole('region', { name: t.reality });
  await reality.getByRole('radio', { name: t.every15 }).check();
  await reality.getByRole('button', { name: t.save }).click();
  await until('the reality check on', async () =>
    (await reality.getByTestId('limit-value').innerText()).includes(t.every15),
  );
  await toastsGone();
  await reality.scrollIntoViewIfNeeded();
  await step('reality-on');

  // A wager limit of 1 lira for the day: the game takes one 1-lira spin, and refuses the next.
  const authData = await page.evaluate(() => JSON.parse(localStorage.getItem('authData')));
  await apiAs(server.apiUrl, authData, 'protection/limits', {
    method: 'POST',
    body: { kind: 'wager', period: 'day', value: 1 },
  });

  await page.clock.install();
  await goto(playPath(lang));
  await page.locator(`iframe[title="${SLOT[lang]}"]`).waitFor();
  const game = page.frameLocator(`iframe[title="${SLOT[lang]}"]`);
  const spin = game.getByRole('button', { name: t.spin, exact: true });
  await spin.waitFor({ timeout: 20_000 });
  const said = game.locator('.message');
  const greeting = await said.innerText();
  await spin.click();
  // The round is over when the game says how it went (a win, or none).
  await until('the first spin over', async () => (await said.innerText()) !== greeting, 20_000);
  // A win's show may still hold the next spin: Spin is pressed until the game answers.
  await until(
    'the game says the wager limit',
    async () => {
      if (t.overWager.test(await said.innerText())) return true;
      if (!(await spin.isDisabled())) await spin.click();
      await page.waitForTimeout(500);
      return t.overWager.test(await said.innerText());
    },
    30_000,
  );
  const clock = page.getByTestId('session-clock');
  await clock.waitFor();
  assert.match(await clock.locator('.tabular').innerText(), /^\d+:\d{2}:\d{2}$/);
  assert.equal(await clock.getAttribute('title'), t.clock);
  // (A page loaded afresh may keep the scroll of the one before: the game is brought into view.)
  await page.getByTestId('game-window').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await step('game-clock', { include: mobile ? '[data-testid="play-dialog"]' : '.game-bar' });
  await page.clock.fastForward('15:30');
  const check = page.getByRole('dialog', { name: t.realityDialog });
  await check.waitFor();
  assert.match(await check.innerText(), t.since);
  // What was staked since the login (read again as the check opens): the one spin taken.
  await until('the stake in the check', async () => t.staked1.test(await check.innerText()));
  // Over the game: the game is still there under it.
  await page.locator(`iframe[title="${SLOT[lang]}"]`).waitFor();
  await step('reality-check', { include: '.dialog' });
  await check.getByRole('button', { name: t.continue }).click();
  await check.waitFor({ state: 'detached' });

  // ---- Identity verification: a PNG uploaded is pending. ----
  await goto('/dashboard/account#identity');
  const identity = page.getByRole('region', { name: t.identity });
  await identity.waitFor();
  const block = identity.getByTestId('kyc-identity');
  await block.getByLabel(t.docType).selectOption({ label: t.passport });
  await block.getByLabel(t.front, { exact: true }).setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await block.getByRole('button', { name: t.upload }).click();
  const state = block.locator('.kyc-check__head [data-state]');
  await until(
    'the identity pending',
    async () => (await state.getAttribute('data-state')) === 'pending',
  );
  assert.equal(await state.innerText(), t.pendingTag);
  await identity.getByTestId('kyc-documents').getByText(t.pendingTag).first().waitFor();
  await toastsGone();
  await identity.scrollIntoViewIfNeeded();
  await step('identity-pending');

  // The withdraw page says, before any form, that a withdrawal over the threshold needs an
  // approved identity (the server's default threshold: 5.000 lira).
  await goto('/dashboard/withdraw');
  await page.getByRole('heading', { level: 1, name: t.withdraw }).waitFor();
  const identityNote = page.getByTestId('withdraw-identity-note');
  await identityNote.waitFor();
  assert.match(await identityNote.innerText(), t.identityNote);
  await identityNote.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await identityNote.getByRole('link', { name: t.verifyIdentity }).waitFor();
  await step('withdraw-identity-note');

  // ---- A 24-hour time-out: confirmed with the box ticked, logged out, told until when. ----
  await goto('/dashboard/protection');
  const breakCard = page.getByRole('region', { name: t.takeBreak });
  await breakCard.scrollIntoViewIfNeeded();
  await breakCard.getByRole('button', { name: t.takeBreakButton }).click();
  const confirmBreak = page.getByRole('dialog', { name: t.breakTitle });
  await confirmBreak.waitFor();
  const start = confirmBreak.getByRole('button', { name: t.startBreak });
  assert.equal(await start.isDisabled(), true, 'not before the box is ticked');
  await step('break-confirm', { include: '.dialog' });
  await confirmBreak.getByLabel(t.understand).check();
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await start.click();
  await reloaded;
  const notice = page.getByRole('dialog', { name: t.loggedOut });
  await notice.waitFor({ timeout: 20_000 });
  assert.match(await notice.innerText(), t.closedUntil);
  assert.equal(await page.evaluate(() => localStorage.getItem('authData')), null);
  await step('logged-out-notice', { include: '.dialog' });
  await notice.getByRole('button', { name: t.ok }).click();
  await notice.waitFor({ state: 'detached' });
  await closePopupIfShown(page);

  const login = await logIn();
  const closed = login.getByTestId('login-closed');
  await closed.waitFor();
  assert.match(await closed.innerText(), t.loginClosed);
  assert.equal(await page.locator('[data-sonner-toast]').count(), 0, 'no toast: the form says it');
  await step('login-closed', { include: '.dialog' });

  await finish();
}

/**
 * The session time limit: 10 minutes set on the page end the session 10 minutes after the login,
 * with a warning five minutes before (Playwright's clock moves the page's time on).
 */
async function sessionLimitWalk({ width, lang }) {
  const tag = `${width}-${lang}-session`;
  const { page, t, step, goto, toastsGone, finish } = await startWalk({ width, lang, tag });
  await page.clock.install();
  await goto('/dashboard/protection');
  const section = page.getByRole('region', { name: t.session });
  await section.getByLabel(t.sessionNew).fill('10');
  await section.getByRole('button', { name: t.save }).click();
  await until('the session limit set', async () =>
    (await section.getByTestId('limit-value').innerText()).includes(t.minutes10),
  );
  await toastsGone();
  await section.scrollIntoViewIfNeeded();
  await step('session-limit-set');

  await page.clock.fastForward('05:30');
  const warning = page.getByRole('dialog', { name: t.warningTitle });
  await warning.waitFor();
  assert.match(await warning.innerText(), t.warningText);
  await step('session-limit-warning', { include: '.dialog' });
  await warning.getByRole('button', { name: t.ok }).click();
  await warning.waitFor({ state: 'detached' });

  await page.clock.fastForward('05:00');
  const notice = page.getByRole('dialog', { name: t.loggedOut });
  await notice.waitFor({ timeout: 20_000 });
  assert.match(await notice.innerText(), t.sessionEnded);
  assert.equal(await page.evaluate(() => localStorage.getItem('authData')), null);
  await step('session-limit-ended', { include: '.dialog' });
  await finish();
}

const HOUR_MS = 3_600_000;

/**
 * A six-month self-exclusion, over: the login offers to reopen the account, the player asks, the
 * form says when it reopens (24 hours later), and once that day has passed the login works. The
 * server's time moves on in its database (the exclusion's end, then the request, put in the past).
 */
async function reopenWalk({ width, lang }) {
  const tag = `${width}-${lang}-reopen`;
  const { server, page, t, player, step, goto, logIn, finish } = await startWalk({
    width,
    lang,
    tag,
  });
  await goto('/dashboard/protection');
  const card = page.getByRole('region', { name: t.exclusion });
  await card.getByRole('radio', { name: t.sixMonths }).check();
  await card.getByRole('button', { name: t.closeAccount }).click();
  const confirm = page.getByRole('dialog', { name: t.exclusionTitle });
  await confirm.getByLabel(t.understand).check();
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await confirm.getByRole('button', { name: t.closeAccount }).click();
  await reloaded;
  const notice = page.getByRole('dialog', { name: t.loggedOut });
  await notice.waitFor({ timeout: 20_000 });
  await notice.getByRole('button', { name: t.ok }).click();
  await notice.waitFor({ state: 'detached' });
  await closePopupIfShown(page);

  const ofPlayer = `player_id = (SELECT id FROM players WHERE username = '${player.username}')`;
  await runSql(
    server.databaseUrl,
    `UPDATE exclusions SET ends_at = ${Date.now() - HOUR_MS} WHERE ${ofPlayer}`,
  );
  const form = await logIn();
  const closed = form.getByTestId('login-closed');
  const reopen = closed.getByRole('button', { name: t.reopen });
  await reopen.waitFor();
  assert.match(await closed.innerText(), t.reopenOffer);
  await step('reopen-offered', { include: '.dialog' });
  await reopen.click();
  await until('the reopening date', async () => t.reopensAt.test(await closed.innerText()));
  assert.equal(await reopen.count(), 0, 'asked once: not offered again');
  assert.equal(await page.evaluate(() => localStorage.getItem('authData')), null);
  await step('reopen-asked', { include: '.dialog' });

  // A day and an hour pass: both the request and the end are that much further in the past.
  const DAY = 25 * HOUR_MS;
  await runSql(
    server.databaseUrl,
    `UPDATE exclusions SET reopen_asked_at = reopen_asked_at - ${DAY}, ends_at = ends_at - ${DAY} WHERE ${ofPlayer}`,
  );
  await form.getByRole('button', { name: t.login, exact: true }).click();
  await form.waitFor({ state: 'detached' });
  await until('logged in again', () =>
    page.evaluate(() => localStorage.getItem('authData') !== null),
  );
  await step('reopened');
  await finish();
}

describe('player protection', { concurrency: 2 }, () => {
  for (const [width, lang] of [
    [390, 'tr'],
    [1440, 'en'],
    [390, 'en'],
    [1440, 'tr'],
  ]) {
    test(`${width} px in ${lang === 'tr' ? 'Turkish' : 'English'}: limits, a refused deposit, a pending raise, the reality check over a game, an identity upload, a time-out`, async () => {
      await walk({ width, lang });
    });
  }

  for (const [width, lang] of [
    [390, 'en'],
    [1440, 'tr'],
  ]) {
    test(`${width} px in ${lang === 'tr' ? 'Turkish' : 'English'}: the session time limit warns five minutes before and ends the session`, async () => {
      await sessionLimitWalk({ width, lang });
    });
  }

  for (const [width, lang] of [
    [390, 'tr'],
    [1440, 'en'],
  ]) {
    test(`${width} px in ${lang === 'tr' ? 'Turkish' : 'English'}: an ended self-exclusion reopens a day after the player asks`, async () => {
      await reopenWalk({ width, lang });
    });
  }
});
