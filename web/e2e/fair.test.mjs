// /fair against the real `kasa` binary (issue 28): a funded player plays real rounds of Sultan's
// Gold through the games' API, rotates the seed (which reveals the server seed), and a visitor's
// browser, given the revealed seeds and a nonce on /fair, shows the same round the server played
// (stops, the round's win in units and in lira, the commitment matched), having asked the server
// for nothing but the published game info (never /games/api/verify). Screenshots of /fair at 390
// and 1440 px in Turkish and English go to e2e/artifacts/fair/ (SHOTS_DIR to change); no sideways
// overflow, axe-core clean.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiAs,
  artifactsDir,
  axeClean,
  closePopupIfShown,
  fundedPlayer,
  noOverflow,
  openPage,
  screenshot,
  startServerAndBrowser,
  stopServerAndBrowser,
  test,
} from './helpers.mjs';

const shotsDir = process.env.SHOTS_DIR ?? join(artifactsDir, 'fair');
mkdirSync(shotsDir, { recursive: true });

const SLOT = 'kasa-sultans-gold';

const T = {
  tr: {
    title: 'Kanıtlanabilir adil oyun',
    slot: "Slotlar › Sultan'ın Altını",
    serverSeed: 'Sunucu tohumu (açıklanan)',
    commitment: 'Turdan önce gösterilen taahhüt (isteğe bağlı)',
    clientSeed: 'İstemci tohumu',
    nonce: 'Nonce',
    bet: 'Toplam bahis (₺, isteğe bağlı)',
    run: 'Yeniden hesapla',
    matched: 'Sunucu tohumunun SHA-256 özeti taahhütle eşleşiyor.',
    mismatched: 'Sunucu tohumunun SHA-256 özeti taahhütle EŞLEŞMİYOR.',
  },
  en: {
    title: 'Provably fair',
    slot: "Slots › Sultan's Gold",
    serverSeed: 'Server seed (revealed)',
    commitment: 'Commitment shown before the round (optional)',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    bet: 'Total bet (₺, optional)',
    run: 'Recompute',
    matched: 'SHA-256 of the server seed matches the commitment.',
    mismatched: 'SHA-256 of the server seed does NOT match the commitment.',
  },
};

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser({ server, browser }));

/** A call of the games' API (/games/api/...); the answer's data (its success asserted). */
async function gameApi(path, { session, body } = {}) {
  const res = await fetch(`${server.apiUrl}/games/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'x-locale': 'tr',
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).then((r) => r.json());
  assert.equal(res.success, true, `${path}: ${JSON.stringify(res)}`);
  return res.data;
}

/** Rounds of the slot played on the server, then the seed rotated: the rounds and the revealed seed. */
async function playedRounds() {
  const player = await fundedPlayer(server, 'fair', '100');
  const url = await apiAs(server.apiUrl, player.authData, 'casino/kasalaunchurl', {
    method: 'POST',
    body: { code: SLOT, isMobile: false },
  });
  const href = typeof url === 'string' ? url : (url.url ?? url.launchUrl);
  const token = new URL(href, server.baseUrl).searchParams.get('token');
  const session = await gameApi('session', { body: { token } });
  const commitment = session.fair.serverSeedHash;
  const spins = [];
  for (let i = 0; i < 3; i++) {
    const spin = await gameApi('spin', { session: session.sessionToken, body: { bet: 200 } });
    spins.push({ ...spin, nonce: session.fair.nonce + i });
  }
  const rotated = await gameApi('seed', {
    session: session.sessionToken,
    body: { clientSeed: 'e2e-yeni' },
  });
  assert.equal(rotated.revealed.serverSeedHash, commitment);
  return { spins, commitment, revealed: rotated.revealed };
}

/** /fair opened as a visitor in `lang` at `width`; the page and every /games/api/ path it asked. */
async function openFair(lang, width) {
  const height = width < 992 ? 844 : 900;
  const opened = await openPage(browser, server.baseUrl, { width, height, mobile: width < 992 });
  const { page } = opened;
  await page.evaluate((language) => localStorage.setItem('lang', language), lang);
  const asked = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/games/')) asked.push(`${r.method()} ${path}`);
  });
  await page.goto(`${server.baseUrl}/fair`, { waitUntil: 'networkidle' });
  await closePopupIfShown(page);
  await page.getByRole('heading', { level: 1, name: T[lang].title }).waitFor();
  return { ...opened, asked };
}

async function recomputeOnPage(page, t, { serverSeed, commitment, clientSeed, nonce, bet }) {
  await page.getByTestId('fair-game').selectOption(SLOT);
  await page.getByLabel(t.serverSeed, { exact: true }).fill(serverSeed);
  await page.getByLabel(t.commitment, { exact: true }).fill(commitment);
  await page.getByLabel(t.clientSeed, { exact: true }).fill(clientSeed);
  await page.getByLabel(t.nonce, { exact: true }).fill(String(nonce));
  await page.getByLabel(t.bet, { exact: true }).fill(bet);
  await page.getByRole('button', { name: t.run }).click();
  await page.getByTestId('fair-commitment').waitFor();
}

test('a round played on the server is recomputed on /fair in the browser, without asking the server', async () => {
  const { spins, commitment, revealed } = await playedRounds();
  const shots = [];
  const runs = [
    ['tr', 390],
    ['en', 1440],
    ['en', 390],
    ['tr', 1440],
  ];
  for (const [i, [lang, width]] of runs.entries()) {
    const t = T[lang];
    const { page, context, asked, errors } = await openFair(lang, width);
    const spin = spins[i % spins.length];
    await recomputeOnPage(page, t, {
      serverSeed: revealed.serverSeed,
      commitment,
      clientSeed: revealed.clientSeed,
      nonce: spin.nonce,
      bet: lang === 'tr' ? '2,00' : '2.00',
    });

    // The game and its kind (the option's group) are named in the page's language.
    assert.equal(
      await page
        .getByTestId('fair-game')
        .locator('option:checked')
        .evaluate((o) => `${o.parentElement.label} › ${o.textContent}`),
      t.slot,
      `${lang} ${width}: the game picked`,
    );

    // The same round: the commitment holds, the base spin's stops, the round's win.
    assert.equal(
      await page
        .getByTestId('fair-commitment')
        .innerText()
        .then((s) => s.includes(t.matched)),
      true,
    );
    const stops = await page.getByTestId('fair-stops').innerText();
    assert.equal(stops, spin.outcome.spins[0].stops.join(' · '), `${lang} ${width} stops`);
    const units = await page.getByTestId('fair-win-units').innerText();
    assert.equal(Number(units), spin.outcome.winUnits, `${lang} ${width} units`);
    assert.equal(await page.getByTestId('fair-spin').count(), spin.outcome.spins.length);
    const winText = await page.getByTestId('fair-win').innerText();
    const lira = (spin.win / 100).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', {
      minimumFractionDigits: 2,
    });
    assert.ok(winText.includes(lira), `${lang} ${width}: the win ${winText} is ${lira}`);

    // Nothing but the published info was asked of the games' API.
    assert.deepEqual([...new Set(asked)], ['GET /games/api/info'], `${lang} ${width}`);
    assert.deepEqual(errors, []);
    await noOverflow(page, `/fair ${lang} ${width}`);
    // Everything on the page, the layout's domain notice included, sits in a landmark.
    await axeClean(page, `/fair ${lang} ${width}`);
    const shot = join(shotsDir, `fair-${lang}-${width}.png`);
    await screenshot(page, shot);
    shots.push(shot);

    // A wrong commitment is called out.
    if (width === 390) {
      await page.getByLabel(t.commitment, { exact: true }).fill('0'.repeat(64));
      await page.getByRole('button', { name: t.run }).click();
      await page.getByText(t.mismatched).waitFor();
    }
    await context.close();
  }
  assert.equal(shots.length, 4);
});
