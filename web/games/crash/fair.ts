/**
 * Kasa Aviator's info and provably-fair panels (the studio's dialogs): the rules, limits and RTP;
 * the hash chain, its commitment, the recent rounds and a verify form that asks the server
 * (POST /games/api/crash/verify) and recomputes the crash point and the chain in the browser.
 */
import { ApiError } from '../kit/api';
import { h } from '../kit/dom';
import { formatKurus, shortHash } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { dialog, rtpBlock } from '../kit/panels';
import type { CrashApi } from './api';
import type { CrashDict } from './i18n';
import { crashPointOf, formatLimitX, formatX, isHash, previousHash, tierOf } from './logic';
import type { CrashInfo, HistoryItem } from './types';

export interface FairContext {
  info: CrashInfo;
  lang: Lang;
  t: Dict;
  tt: CrashDict;
  api: CrashApi;
  commitment: string;
  history: HistoryItem[];
}

const list = (items: string[]) => {
  const ul = h('ul', { class: 'rules' });
  items.forEach((r) => ul.append(h('li', { text: r })));
  return ul;
};

export function openCrashInfo(c: FairContext): void {
  const { info, lang, t, tt } = c;
  dialog(
    t.infoTitle,
    t.close,
    h('p', { class: 'muted', text: info.description?.[lang] ?? '' }),
    rtpBlock(info.rtp, tt.rtpNote, lang, undefined, { x: info.maxWinX, label: tt.maxWin }),
    ...(info.returns ? [h('p', { class: 'muted small', text: info.returns[lang] })] : []),
    h('h3', { text: tt.rules }),
    list(
      tt.rulesList(
        formatKurus(info.minBet, lang),
        formatKurus(info.maxBet, lang),
        formatLimitX(info.maxMultiplier, lang),
      ),
    ),
    h('h3', { text: t.fairTitle }),
    h('p', { class: 'muted', text: tt.fairIntro }),
    h('p', { class: 'muted small', text: tt.keyboard }),
  );
}

export function openCrashFair(c: FairContext, preset?: string): void {
  const { lang, t, tt } = c;
  const result = h('div', { class: 'verify__result', role: 'status', 'aria-live': 'polite' });
  const inputId = `cv-${Math.random().toString(36).slice(2, 8)}`;
  const input = h('input', {
    id: inputId,
    class: 'input mono',
    type: 'text',
    spellcheck: 'false',
    autocomplete: 'off',
    maxlength: 64,
  });
  const run = h('button', { class: 'btn btn--gold', type: 'submit', text: tt.verifyRun });
  const form = h(
    'form',
    { class: 'verify__form' },
    h('label', { class: 'kv__label', for: inputId, text: tt.verifyHash }),
    input,
    run,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void verify(c, input.value.trim().toLowerCase(), input, run, result);
  });

  const rows = h('tbody');
  for (const r of c.history.slice(0, 10)) {
    const pick = h('button', {
      class: 'btn btn--small',
      type: 'button',
      'aria-label': tt.verifyPick(r.roundId),
      text: t.verify,
    });
    pick.addEventListener('click', () => {
      input.value = r.hash;
      void verify(c, r.hash, input, run, result);
      input.scrollIntoView({ block: 'nearest' });
    });
    rows.append(
      h(
        'tr',
        {},
        h('td', { text: String(r.roundId) }),
        h(
          'td',
          {},
          h('span', { class: `cx cx--${tierOf(r.crashPoint)}`, text: formatX(r.crashPoint, lang) }),
        ),
        h('td', {}, h('code', { class: 'mono small', title: r.hash, text: shortHash(r.hash, 6) })),
        h('td', {}, pick),
      ),
    );
  }
  const table = c.history.length
    ? h(
        'div',
        { class: 'crounds' },
        h(
          'table',
          { class: 'rounds__table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { text: tt.roundCol }),
              h('th', { text: 'x' }),
              h('th', { text: tt.hashCol }),
              h('th', {}, h('span', { class: 'sr-only', text: t.verify })),
            ),
          ),
          rows,
        ),
      )
    : h('p', { class: 'muted', text: t.noRounds });

  dialog(
    t.fairTitle,
    t.close,
    h('p', { class: 'muted', text: tt.fairIntro }),
    h('p', { class: 'muted', text: tt.fairFormula }),
    h(
      'div',
      { class: 'kv' },
      h('span', { class: 'kv__label', text: tt.commitment }),
      h('code', { class: 'kv__value mono', text: c.commitment || '—' }),
    ),
    h('h3', { text: tt.recent }),
    table,
    h('h3', { text: tt.verifyTitle }),
    form,
    result,
  );
  if (preset) {
    input.value = preset;
    void verify(c, preset, input, run, result);
  }
}

async function verify(
  c: FairContext,
  hash: string,
  input: HTMLInputElement,
  run: HTMLButtonElement,
  out: HTMLElement,
): Promise<void> {
  const { lang, tt } = c;
  if (!isHash(hash)) {
    input.setAttribute('aria-invalid', 'true');
    out.replaceChildren(h('p', { class: 'error', text: tt.verifyBadHash }));
    return;
  }
  input.removeAttribute('aria-invalid');
  run.disabled = true;
  try {
    const [server, browser, sha] = await Promise.all([
      c.api.verify(hash),
      crashPointOf(hash, c.info.maxMultiplier),
      previousHash(hash),
    ]);
    const lines: Node[] = [
      h(
        'div',
        { class: 'kv' },
        h('span', { class: 'kv__label', text: tt.verifyServer }),
        h('strong', { class: 'cverify__x', text: formatX(server.crashPoint, lang) }),
      ),
    ];
    if (browser === null) lines.push(h('p', { class: 'muted', text: tt.verifyNoCrypto }));
    else {
      lines.push(
        h(
          'div',
          { class: 'kv' },
          h('span', { class: 'kv__label', text: tt.verifyBrowser }),
          h('strong', { class: 'cverify__x', text: formatX(browser, lang) }),
        ),
        h('p', {
          class: browser === server.crashPoint ? 'ok' : 'error',
          text: browser === server.crashPoint ? tt.verifyMatch : tt.verifyMismatch,
        }),
      );
    }
    const recorded = c.history.find((r) => r.hash === hash);
    if (recorded)
      lines.push(
        h('p', { class: 'muted', text: tt.verifyRecorded(formatX(recorded.crashPoint, lang)) }),
      );
    lines.push(
      h(
        'div',
        { class: 'kv' },
        h('span', { class: 'kv__label', text: tt.verifyPrevious }),
        h('code', { class: 'kv__value mono', text: server.previousHash }),
      ),
    );
    if (sha !== null) {
      const holds = sha === server.previousHash.toLowerCase();
      lines.push(
        h('p', {
          class: holds ? 'ok' : 'error',
          text: holds ? tt.verifyChainOk : tt.verifyChainBad,
        }),
      );
    }
    out.replaceChildren(...lines);
  } catch (e) {
    out.replaceChildren(
      h('p', { class: 'error', text: e instanceof ApiError ? e.message : c.t.networkError }),
    );
  } finally {
    run.disabled = false;
  }
}
