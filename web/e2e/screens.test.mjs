// Every screen as a careful player meets it (issue 12), against the real `kasa` binary: at 320, 390,
// 1024 and 1440 px, logged out and in, no page or open dialog overflows sideways; toasts shown while
// a dialog is open leave its close button (and the header's actions) clickable, hit-tested with
// document.elementFromPoint and a real click; the layout shift of `/` and `/pages/3` stays under
// 0.05; axe-core finds no serious or critical violation on the pages and dialogs; and in English no
// text of the Turkish translations (nor Turkish server content or money) is left on the page.
// One server, one browser, one page per width and state, reused from check to check.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import {
  artifact,
  closePopupIfShown,
  digits,
  kasaBin,
  launchBrowser,
  registerPlayer,
  runAxe,
  startServer,
  test,
} from './helpers.mjs';

const run = promisify(execFile);
/** The app's texts and the content's country names, by key, in a language. */
const texts = (lang) =>
  Object.assign(
    ...['', '.countries'].map((part) =>
      JSON.parse(
        readFileSync(new URL(`../../content/translations/${lang}${part}.json`, import.meta.url)),
      ),
    ),
  );
const tr = texts('tr');
const en = texts('en');

const WIDTHS = [320, 390, 1024, 1440];
const PAGES_OUT = ['/', '/promotions', '/pages/3'];
const PAGES_IN = [
  '/',
  '/promotions',
  '/pages/3',
  '/dashboard',
  '/dashboard/account',
  '/dashboard/protection',
];
const CLS_LIMIT = 0.05;

let server;
let browser;

before(async () => {
  server = await startServer({
    env: {
      KASA_LIMIT_REGISTER_IP: '1000/3600',
      KASA_LIMIT_REGISTER_PHONE: '1000/3600',
      KASA_LIMIT_LOGIN_IP: '1000/900',
      // A third login for the same name is refused with a message for a toast (not a field's).
      KASA_LIMIT_LOGIN_USER: '2/900',
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const shotsDir = process.env.SCREENS_SHOTS ?? null;

async function shot(page, name) {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

function notifyPlayer(username, title) {
  return run(kasaBin, [
    'admin',
    'notify',
    '--player',
    username,
    '--title',
    title,
    '--note',
    'Deneme bildirimi',
    '--database-url',
    server.databaseUrl,
  ]);
}

/**
 * A page of the given width (phones get touch), logged in when `authData` is given and in `lang`
 * when given: both are put in local storage before the app's first load.
 */
async function openAt(width, { authData, lang } = {}) {
  const mobile = width < 768;
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    reducedMotion: 'reduce',
  });
  if (authData || lang) {
    await context.addInitScript(
      ([data, language]) => {
        if (data && !sessionStorage.getItem('e2e-seeded')) {
          localStorage.setItem('authData', JSON.stringify(data));
          sessionStorage.setItem('e2e-seeded', '1');
        }
        if (language) localStorage.setItem('lang', language);
      },
      [authData ?? null, lang ?? null],
    );
  }
  const page = await context.newPage();
  await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
  return { context, page };
}

/** Goes to a route of the app and waits for it to settle. */
async function visit(page, path) {
  await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.locator('main').first().waitFor();
  await page.waitForTimeout(150);
}

/** Why the page scrolls sideways (the widest offenders), or null when it does not. */
function horizontalOverflow(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const offenders = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ el, r }) => {
        if (r.width === 0 || r.right <= width + 0.5) return false;
        // What a clipping ancestor (a carousel's viewport) hides is no cause.
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return false;
        return true;
      })
      .sort((a, b) => b.r.right - a.r.right)
      .slice(0, 4)
      .map(({ el, r }) => {
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} (right ${Math.round(r.right)})`;
      });
    return `scrollWidth ${root.scrollWidth} > ${width}: ${offenders.join(', ')}`;
  });
}

/** axe-core's serious and critical violations of what is on the page (or inside `include`). */
async function axeProblems(page, where, include) {
  const violations = await runAxe(page, { include });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** The visible button or link named `name` (header or bottom bar, whichever shows it). */
function visibleControl(page, role, name) {
  return page.getByRole(role, { name, exact: true }).filter({ visible: true }).first();
}

/**
 * Whether the control is the topmost element at its centre and at four points inside its edges:
 * the names of the points where something else (e.g. a toast) covers it.
 */
function coveredPoints(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Inside a rounded corner too (a pill's corner point is outside its shape, and hit-testing
    // follows the shape).
    const radius = Math.min(
      parseFloat(getComputedStyle(el).borderTopRightRadius) || 0,
      r.width / 2,
      r.height / 2,
    );
    const inset = Math.min(
      Math.max(6, Math.ceil(radius * (1 - Math.SQRT1_2)) + 2),
      r.width / 4,
      r.height / 4,
    );
    const points = {
      centre: [r.left + r.width / 2, r.top + r.height / 2],
      'top left': [r.left + inset, r.top + inset],
      'top right': [r.right - inset, r.top + inset],
      'bottom left': [r.left + inset, r.bottom - inset],
      'bottom right': [r.right - inset, r.bottom - inset],
    };
    return Object.entries(points)
      .filter(([, [x, y]]) => {
        const hit = document.elementFromPoint(x, y);
        return !hit || !(hit === el || el.contains(hit));
      })
      .map(([name, [x, y]]) => {
        const hit = document.elementFromPoint(x, y);
        if (!hit) return `${name} off the screen`;
        const what = hit.closest('[data-sonner-toast]')
          ? 'a toast'
          : `${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}`;
        return `${name} under ${what}`;
      });
  });
}

/** Clicks the control where a finger would (its centre) with the real mouse. */
async function realClick(page, locator) {
  const box = await locator.boundingBox();
  assert.ok(box, 'the control has a box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function toastsShowing(page, n = 1) {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('[data-sonner-toast][data-mounted="true"]').length >= count,
    n,
    { timeout: 10_000 },
  );
  // sonner's enter transition (none with reduced motion, kept short otherwise).
  await page.waitForTimeout(450);
}

function closeButton(dialog) {
  return dialog.getByRole('button', { name: /^(Kapat|Close)$/ }).first();
}

describe('every screen at 320, 390, 1024 and 1440 px', () => {
  for (const width of WIDTHS) {
    test(`${width} px logged out: pages and dialogs fit, axe passes, a toast leaves the login dialog's close button clickable`, async () => {
      const { context, page } = await openAt(width);
      const problems = [];
      // The first visit's popup is a dialog too.
      const popup = page.getByRole('dialog').first();
      if (await popup.isVisible().catch(() => false)) {
        const o = await horizontalOverflow(page);
        if (o) problems.push(`popup: ${o}`);
      }
      await closePopupIfShown(page);

      for (const path of PAGES_OUT) {
        await visit(page, path);
        const o = await horizontalOverflow(page);
        if (o) problems.push(`${path}: ${o}`);
        if (width === 390 || width === 1440) problems.push(...(await axeProblems(page, path)));
      }
      await visit(page, '/');

      // The login, register and recovery dialogs.
      const dialogs = [
        ['login', 'Giriş Yap', async () => visibleControl(page, 'button', 'Giriş Yap').click()],
        ['register', 'Kayıt Ol', async () => visibleControl(page, 'button', 'Kayıt Ol').click()],
        [
          'recovery',
          'Şifremi Unuttum',
          async () => {
            await visibleControl(page, 'button', 'Giriş Yap').click();
            await page
              .getByRole('dialog', { name: 'Giriş Yap' })
              .getByRole('button', { name: 'Şifremi Unuttum' })
              .click();
          },
        ],
      ];
      for (const [name, title, open] of dialogs) {
        await open();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        await page.waitForTimeout(250);
        const o = await horizontalOverflow(page);
        if (o) problems.push(`${name} dialog: ${o}`);
        if (width === 390 || width === 1440)
          problems.push(...(await axeProblems(page, `${name} dialog`, '[role="dialog"]')));
        await shot(page, `${name}-${width}`);
        await closeButton(dialog).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // A toast while the login dialog is open (too many logins for one name: a wrong password
      // shows beside its field, the refusal as a toast): its close button stays clickable.
      await visibleControl(page, 'button', 'Giriş Yap').click();
      const login = page.getByRole('dialog', { name: 'Giriş Yap' });
      await login.waitFor();
      await login.getByLabel('Kullanıcı adı', { exact: true }).fill(`nobody${digits(5)}`);
      for (let i = 1; i <= 3; i++) {
        await login.getByLabel('Şifre', { exact: true }).fill(`yanlis${i}23`);
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
        await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
        await answered;
      }
      try {
        await toastsShowing(page);
      } catch {
        problems.push('login dialog: no toast appeared after too many logins');
      }
      await shot(page, `login-toast-${width}`);
      const covered = await coveredPoints(closeButton(login));
      if (covered.length) problems.push(`login dialog's close button: ${covered.join(', ')}`);
      await realClick(page, closeButton(login));
      await login
        .waitFor({ state: 'detached', timeout: 3000 })
        .catch(() =>
          problems.push("login dialog: a real click on its close button didn't close it"),
        );

      await context.close();
      assert.deepEqual(problems, []);
    });

    test(`${width} px logged in: pages and the notification panel fit, axe passes, toasts leave close buttons and the header clickable`, async () => {
      const { username, authData } = await registerPlayer(server.apiUrl, `scr${width}`);
      const { context, page } = await openAt(width, { authData });
      await closePopupIfShown(page);
      const problems = [];
      for (const path of PAGES_IN) {
        await visit(page, path);
        await shot(page, `in-${width}${path.replaceAll('/', '-')}`);
        const o = await horizontalOverflow(page);
        if (o) problems.push(`${path}: ${o}`);
        if ((width === 390 || width === 1440) && path.startsWith('/dashboard'))
          problems.push(...(await axeProblems(page, path)));
      }

      // The notification panel, then five live notifications' toasts while it is open.
      await visit(page, '/');
      const bell = page.locator('.bell').filter({ visible: true }).first();
      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Bildirimler' });
      await panel.waitFor();
      await panel.locator('.live-dot[data-status="connected"]').waitFor({ timeout: 15_000 });
      const o = await horizontalOverflow(page);
      if (o) problems.push(`notification panel: ${o}`);
      if (width === 390 || width === 1440)
        problems.push(...(await axeProblems(page, 'notification panel', '[role="dialog"]')));
      await Promise.all([1, 2, 3, 4, 5].map((i) => notifyPlayer(username, `Bildirim ${i}`)));
      await toastsShowing(page, 5);
      await shot(page, `panel-toasts-${width}`);
      const covered = await coveredPoints(closeButton(panel));
      if (covered.length) problems.push(`notification panel's close button: ${covered.join(', ')}`);
      await realClick(page, closeButton(panel));
      await panel
        .waitFor({ state: 'detached', timeout: 3000 })
        .catch(() =>
          problems.push("notification panel: a real click on its close button didn't close it"),
        );

      // With the toasts still showing: every action of the header is clickable.
      assert.ok(
        (await page.locator('[data-sonner-toast]').count()) > 0,
        'the toasts still show after the panel closed',
      );
      const actions = page.locator('header button, header a, header select').filter({
        visible: true,
      });
      for (let i = 0; i < (await actions.count()); i++) {
        const action = actions.nth(i);
        const covered = await coveredPoints(action);
        if (covered.length) {
          const name =
            (await action.getAttribute('aria-label')) ?? (await action.innerText()).trim();
          problems.push(`header action "${name}": ${covered.join(', ')}`);
        }
      }

      // The change password dialog (a centred dialog on wide screens) with a toast.
      await visit(page, '/dashboard');
      const changeButton = page.getByRole('button', { name: /Şifre Değiştir/ }).first();
      await changeButton.click();
      const change = page.getByRole('dialog', { name: 'Şifre Değiştir' });
      await change.waitFor();
      await notifyPlayer(username, 'Şifre bildirimi');
      await toastsShowing(page);
      const coveredChange = await coveredPoints(closeButton(change));
      if (coveredChange.length)
        problems.push(`change password dialog's close button: ${coveredChange.join(', ')}`);
      await realClick(page, closeButton(change));
      await change
        .waitFor({ state: 'detached', timeout: 3000 })
        .catch(() =>
          problems.push("change password dialog: a real click on its close button didn't close it"),
        );

      await context.close();
      assert.deepEqual(problems, []);
    });

    test(`${width} px: the layout shift of / and /pages/3 is under ${CLS_LIMIT}`, async () => {
      // A first visit (nothing stored) of one path and a return visit (the stored bootstrap) of
      // the other, the other way round at the next width.
      const paths = WIDTHS.indexOf(width) % 2 === 0 ? ['/', '/pages/3'] : ['/pages/3', '/'];
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        deviceScaleFactor: 1,
        isMobile: width < 768,
        hasTouch: width < 768,
      });
      await context.addInitScript(() => {
        // CLS as the web-vitals library counts it: the largest session window of shifts without
        // recent input (gaps under 1 s, windows at most 5 s), with the shifted elements named.
        const state = { value: 0, window: 0, first: 0, last: 0, sources: [] };
        window.__cls = state;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.hadRecentInput) continue;
            if (
              state.window &&
              e.startTime - state.last < 1000 &&
              e.startTime - state.first < 5000
            ) {
              state.window += e.value;
            } else {
              state.window = e.value;
              state.first = e.startTime;
            }
            state.last = e.startTime;
            state.value = Math.max(state.value, state.window);
            for (const source of e.sources ?? []) {
              const n = source.node;
              const name =
                n && n.nodeType === 1
                  ? `${n.tagName.toLowerCase()}.${String(n.className).split(' ')[0]}`
                  : '#text';
              state.sources.push(`${name} ${e.value.toFixed(3)}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      const shifts = [];
      for (const [i, path] of paths.entries()) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1000);
        const cls = await page.evaluate(() => window.__cls);
        if (cls.value >= CLS_LIMIT) {
          const from = [...new Set(cls.sources)].slice(0, 5).join(', ');
          const visitKind = i === 0 ? 'first visit' : 'return visit';
          shifts.push(`${path} (${visitKind}): CLS ${cls.value.toFixed(3)} from ${from}`);
        }
      }
      await context.close();
      assert.deepEqual(shifts, []);
    });
  }
});

/** The Turkish texts of the app that English never shows (those that differ from every English text). */
function turkishOnlyTexts() {
  const english = new Set(Object.values(en).map((v) => v.trim()));
  const patterns = [];
  for (const [key, value] of Object.entries(tr)) {
    const text = value.trim();
    if (!text || text === en[key]?.trim() || english.has(text)) continue;
    // Interpolations match anything; tags (<terms>…</terms>) are dropped like the page drops them.
    const source = text
      .replace(/<\/?[a-z]+>/g, '')
      .split(/\{\{[^}]+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+');
    if (source.replace(/\.\+/g, '').trim().length < 3) continue;
    patterns.push({ key, re: new RegExp(`^${source}$`) });
  }
  return patterns;
}

/** Every text of the page as a player meets it: text nodes and names (labels, alt, title…). */
function pageTexts(page) {
  return page.evaluate(() => {
    const texts = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, noscript')) continue;
      const t = n.textContent.replace(/\s+/g, ' ').trim();
      if (t) texts.add(t);
    }
    for (const el of document.querySelectorAll('*')) {
      for (const attr of ['aria-label', 'alt', 'title', 'placeholder', 'aria-roledescription']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) texts.add(v);
      }
      if (el instanceof HTMLElement && el.innerText && el.children.length > 0) {
        const t = el.innerText.replace(/\s+/g, ' ').trim();
        if (t.length < 200) texts.add(t);
      }
    }
    texts.add(document.title);
    return [...texts];
  });
}

describe('one language at a time', () => {
  const turkish = turkishOnlyTexts();
  // The languages' own names ('Türkçe' in the language menu) are the one thing shown in Turkish.
  const ownNames = new Set(['Türkçe']);

  function turkishLeft(texts) {
    const left = [];
    for (const text of texts) {
      if (ownNames.has(text)) continue;
      const match = turkish.find((p) => p.re.test(text));
      if (match) left.push(`"${text}" (${match.key})`);
      // Money in the Turkish way (1.234,56 ₺) where English writes ₺1,234.56.
      else if (/\d,\d\d\s?₺/.test(text)) left.push(`"${text}" (Turkish money)`);
    }
    return left;
  }

  for (const width of [390, 1440]) {
    test(`${width} px: after switching to English no Turkish text is left, server content included`, async () => {
      const { authData } = await registerPlayer(server.apiUrl, `eng${width}`);
      const { context, page } = await openAt(width, { lang: 'en' });
      await closePopupIfShown(page);
      const left = [];
      for (const path of PAGES_OUT) {
        await visit(page, path);
        left.push(...turkishLeft(await pageTexts(page)).map((t) => `${path}: ${t}`));
        // Banners in English art.
        const banners = await page
          .locator('img.banner__img')
          .evaluateAll((imgs) => imgs.map((i) => i.currentSrc || i.src));
        for (const src of banners)
          if (/\/media\/banners\/(?!en\/)/.test(src)) left.push(`${path}: Turkish banner ${src}`);
      }
      const licence = await page.locator('.footer__license').first().innerText();
      if (!/licensed/.test(licence)) left.push(`footer licence text not in English: ${licence}`);

      // The dialogs, in English.
      for (const [opener, title] of [
        ['Log In', 'Log In'],
        ['Sign Up', 'Sign Up'],
      ]) {
        await visibleControl(page, 'button', opener).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor({ timeout: 5000 });
        // The full form's tab, with the country list.
        const fullTab = dialog.getByRole('tab', { name: en['auth.register.fullTab'] });
        if ((await fullTab.count()) > 0) await fullTab.click();
        left.push(...turkishLeft(await pageTexts(page)).map((t) => `${title} dialog: ${t}`));
        await closeButton(dialog).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // Logged in: the dashboard and the account page, money included.
      await page.evaluate(
        (data) => localStorage.setItem('authData', JSON.stringify(data)),
        authData,
      );
      await page.reload({ waitUntil: 'networkidle' });
      for (const path of ['/dashboard', '/dashboard/account']) {
        await visit(page, path);
        left.push(...turkishLeft(await pageTexts(page)).map((t) => `${path}: ${t}`));
      }
      await shot(page, `english-${width}`);
      await context.close();
      assert.deepEqual(left, []);
    });
  }

  test('in Turkish the footer licence text is Turkish (and the check above finds Turkish)', async () => {
    const { context, page } = await openAt(1440);
    await closePopupIfShown(page);
    const licence = await page.locator('.footer__license').first().innerText();
    assert.match(licence, /lisans/);
    assert.doesNotMatch(licence, /licensed/);
    // The English check is no empty pass: on the Turkish page it finds the Turkish texts and money.
    const found = turkishLeft(await pageTexts(page));
    assert.ok(found.length > 20, `only ${found.length} Turkish texts found: ${found.join(', ')}`);
    assert.ok(
      found.some((t) => t.includes('Turkish money')),
      found.join(', '),
    );
    await page.screenshot({ path: artifact('footer-tr-1440.png') });
    await context.close();
  });
});
