// Lighthouse in mobile mode (its default: a mid-range phone on a slow 4G link, simulated) on `/`
// (a first visit, whose start-up popup opens over the page, and a returning visitor's, who has
// seen it), `/pages/3` and `/dashboard` (logged in), against the real binary with the demo
// content, using Debian's Chromium. Writes the scores to bench-results/lighthouse.json and prints
// them beside the goals of issue 11. Usage: node bench/lighthouse.mjs OUT_DIR KASA_BINARY
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const [outDir = '../bench-results', bin = '../target/release/kasa'] = process.argv.slice(2);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const GOALS = { performance: 95, accessibility: 95, lcpMs: 2000, cls: 0.05, tbtMs: 150 };

/** A registered player's login data, as the app keeps it in local storage (`authData`). */
async function registeredPlayer(base) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': 'tr' },
    body: JSON.stringify({
      name: 'Ayşe',
      surname: 'Yılmaz',
      username: 'lighthouse1',
      email: 'lh@example.com',
      phone: '905321234567',
      PersonalNo: '10000000146',
      country: 1,
      currencyId: 1,
      birthDate: '1990-05-17',
      birthDateDay: '17',
      birthDateMonth: '05',
      birthDateYear: '1990',
      trialBonus: 0,
      password: 'gizli123',
      password2: 'gizli123',
      acceptTerms: true,
    }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * Makes the browser a returning visitor: it opens `/` once (logged in when `authData` is given),
 * so the app stores its bootstrap and fingerprint and the start-up popup opens and is marked seen,
 * as it is for anyone who has been on the site before.
 */
async function returningVisitor(port, base, authData) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  if (authData) {
    await page.goto(`${base}/api/cms/grouped`);
    await page.evaluate((data) => localStorage.setItem('authData', JSON.stringify(data)), authData);
  }
  await page.goto(`${base}/`);
  await page.waitForFunction(() => localStorage.getItem('popupSeen'), null, { timeout: 15_000 });
  await page.close();
  await browser.close();
}

const lastReport = new Map();

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function measure(url, { name, keepStorage, prepare }) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    try {
      if (prepare) await prepare(chrome.port);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: keepStorage,
      });
      const { categories, audits } = result.lhr;
      // The whole report of the page's last run, to see what made a figure (the LCP element, the
      // long tasks): OUT_DIR/lighthouse-reports/PAGE.json.
      lastReport.set(name, result.lhr);
      // LIGHTHOUSE_TRACES=DIR keeps each page's last trace (DIR/NAME.json, for a trace viewer).
      if (process.env.LIGHTHOUSE_TRACES) {
        mkdirSync(process.env.LIGHTHOUSE_TRACES, { recursive: true });
        const file = `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`;
        writeFileSync(
          join(process.env.LIGHTHOUSE_TRACES, file),
          JSON.stringify(result.artifacts.Trace),
        );
      }
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      });
      // LIGHTHOUSE_EACH=1 prints every run's figures (the medians hide an odd run).
      if (process.env.LIGHTHOUSE_EACH) console.log(`  ${name} run ${i + 1}`, runs.at(-1));
    } finally {
      await chrome.kill();
    }
  }
  const keys = Object.keys(runs[0]);
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
}

// The browser tests' server start (a fresh SQLite file, --demo, a free port), on this binary.
process.env.KASA_BIN = resolve(bin);
const { startServer } = await import('../e2e/helpers.mjs');
const kasa = await startServer();
kasa.base = kasa.apiUrl;
try {
  const authData = await registeredPlayer(kasa.base);
  const pages = [
    // A first visit: nothing stored, the start-up popup opens over the page.
    { name: '/', path: '/' },
    // The same page for a visitor who has been here before (popup seen, bootstrap stored).
    {
      name: '/ (returning visitor)',
      path: '/',
      slug: 'home-returning',
      keepStorage: true,
      prepare: (port) => returningVisitor(port, kasa.base),
    },
    { name: '/pages/3', path: '/pages/3' },
    {
      name: '/dashboard (logged in)',
      path: '/dashboard',
      keepStorage: true,
      prepare: (port) => returningVisitor(port, kasa.base, authData),
    },
  ];
  // LIGHTHOUSE_PAGES=REGEX measures only the pages whose name matches (while working on one).
  const only = process.env.LIGHTHOUSE_PAGES ? new RegExp(process.env.LIGHTHOUSE_PAGES) : null;
  if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.test(p.name)));
  const results = {};
  for (const page of pages) {
    const r = await measure(kasa.base + page.path, page);
    const met =
      r.performance >= GOALS.performance &&
      r.accessibility >= GOALS.accessibility &&
      r.lcpMs < GOALS.lcpMs &&
      r.cls < GOALS.cls &&
      r.tbtMs < GOALS.tbtMs;
    results[page.name] = { ...r, goalsMet: met };
    console.log(
      `${page.name.padEnd(24)} performance ${r.performance}  accessibility ${r.accessibility}  FCP ${r.fcpMs} ms  LCP ${r.lcpMs} ms  CLS ${r.cls}  TBT ${r.tbtMs} ms  ${met ? 'goals met' : 'goals NOT met'}`,
    );
  }
  mkdirSync(join(outDir, 'lighthouse-reports'), { recursive: true });
  for (const page of pages) {
    const slug =
      page.slug ?? (page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home');
    const report = lastReport.get(page.name);
    writeFileSync(join(outDir, 'lighthouse-reports', `${slug}.json`), JSON.stringify(report));
  }
  const out = join(outDir, 'lighthouse.json');
  writeFileSync(
    out,
    JSON.stringify(
      {
        tool: 'lighthouse 12 (mobile defaults: simulated slow 4G and 4x CPU slowdown), Debian Chromium',
        reported: `the median of ${RUNS} runs per page, each in a fresh browser`,
        goals: GOALS,
        pages: results,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`written to ${out}`);
} finally {
  await kasa.stop();
}
