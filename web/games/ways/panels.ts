/**
 * The ways slot's panels: the info panel (how ways work, the paytable per way at the current bet,
 * the wild and the free spins, the RTP and the rules) and its verify view (the recomputed round's
 * screens, each reel at its own height), shown in the shared fairness panel.
 */
import { symbolSvg } from '../slots/art/sprite';
import { h } from '../kit/dom';
import { formatKurus, formatTimes } from '../kit/format';
import { dialog, matchNote, rtpBlock, type VerifyView } from '../kit/panels';
import type { WaysGame } from './game';
import {
  formatWays,
  payingReels,
  payPerWayLira,
  reelList,
  unitsToKurusFloor,
  waysCount,
} from './logic';
import type { WaysOutcome, WaysSymbol } from './types';

/** A small picture of reels of the given heights (how the ways are counted). */
function waysPicture(heights: number[]): HTMLElement {
  const wrap = h('div', { class: 'wmini', 'aria-hidden': 'true' });
  for (const n of heights) {
    const col = h('span', { class: 'wmini__reel' });
    for (let i = 0; i < n; i++) col.append(h('i'));
    wrap.append(col);
  }
  return wrap;
}

export function openWaysInfo(game: WaysGame): void {
  const { info, wt } = game;
  const t = game.dict;
  const lang = game.language;
  const bet = game.bet;
  const maxWays = formatWays(info.maxWays, lang);

  const rtp = rtpBlock(info.rtp, t.rtpNote, lang, info.jackpotRtp, {
    x: info.maxWinX,
    label: t.maxWin,
  });

  const sample = [3, 5, 7, 4, 6, 2].slice(0, info.reels);
  const how = h(
    'div',
    { class: 'whow' },
    waysPicture(sample),
    h(
      'p',
      { class: 'whow__sum' },
      `${sample.join(' × ')} = `,
      h('b', {
        text: `${formatWays(
          sample.reduce((a, n) => a * n, 1),
          lang,
        )} ${wt.waysWord}`,
      }),
    ),
  );

  const rank = (s: WaysSymbol) => (s.kind === 'wild' ? 0 : s.kind === 'scatter' ? 1 : 2);
  const ordered = [...info.symbols].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (b.pays[info.reels] ?? 0) - (a.pays[info.reels] ?? 0) ||
      (b.pays[3] ?? 0) - (a.pays[3] ?? 0),
  );
  const table = h('div', { class: 'paytable wpaytable' });
  for (const s of ordered) {
    const body = h(
      'div',
      {},
      h('h4', { class: 'paytable__name', text: s.name[lang] || s.name.en }),
    );
    const pays = h('ul', { class: 'paytable__pays' });
    if (s.kind === 'wild') {
      body.append(h('p', { class: 'wnote', text: wt.wildNote(reelList(info.wildReels)) }));
    } else if (s.kind === 'scatter') {
      body.append(h('p', { class: 'wnote', text: wt.scatterNote }));
      for (let n = info.freeSpins.length - 1; n >= 1; n--) {
        const spins = info.freeSpins[n] ?? 0;
        if (spins > 0)
          pays.append(
            h('li', {}, h('b', { text: `${n}×` }), ` → ${spins} ${t.freeSpins.toLowerCase()}`),
          );
      }
    } else {
      for (const n of payingReels(s, info.reels)) {
        const lira = payPerWayLira(s, n, bet, info.unitsPerBet);
        pays.append(h('li', {}, h('b', { text: wt.reelsN(n) }), ` ${game.money(lira * 100)}`));
      }
    }
    if (pays.childElementCount > 0) body.append(pays);
    table.append(
      h(
        'div',
        { class: `paytable__row paytable__row--${s.kind}` },
        symbolSvg(s.id, 'paytable__art'),
        body,
      ),
    );
  }

  const rules = h('ul', { class: 'rules' });
  wt.rulesList(info.freeSpinMultiplier, maxWays).forEach((r) => rules.append(h('li', { text: r })));

  dialog(
    t.infoTitle,
    t.close,
    h('p', { class: 'muted', text: info.description?.[lang] ?? '' }),
    rtp,
    h('h3', { text: wt.howTitle }),
    h('p', { class: 'muted', text: wt.howText(info.reels, info.minRows, info.maxRows, maxWays) }),
    how,
    h('h3', { text: `${t.paytable} · ${t.bet} ${formatKurus(bet, lang)}` }),
    h('p', { class: 'muted small', text: wt.paytableNote(formatKurus(bet, lang)) }),
    table,
    h('h3', { text: t.rules }),
    rules,
    h('p', { class: 'muted small', text: t.keyboard }),
  );
}

/** One recomputed screen: each reel a column of its own height. */
function screen(grid: number[][]): HTMLElement {
  const wrap = h('div', { class: 'wverify__grid', 'aria-hidden': 'true' });
  for (const column of grid) {
    const col = h('span', { class: 'wverify__reel' });
    for (const id of column) col.append(symbolSvg(id, 'wverify__sym'));
    wrap.append(col);
  }
  return wrap;
}

/** The ways slot's verify view: the match with the recorded round, the win and every screen. */
export function waysVerifyView(game: WaysGame): VerifyView<WaysOutcome> {
  const t = game.dict;
  const { wt, info } = game;
  const lang = game.language;
  return (outcome, round) => {
    const nodes: Node[] = matchNote(t, round?.outcome, outcome);
    const per = info.unitsPerBet || 100;
    const win = round
      ? ` = ${formatKurus(unitsToKurusFloor(outcome.winUnits, round.bet, per), lang)}`
      : '';
    nodes.push(
      h('h4', { text: t.verifyResult }),
      h('p', {
        class: 'verify__win',
        text: `${t.verifyWinUnits(formatTimes(outcome.winUnits / per, lang))}${win}`,
      }),
    );
    const list = h('div', { class: 'verify__grids' });
    outcome.spins.forEach((spin, i) => {
      const heights = spin.heights?.length ? spin.heights : spin.grid.map((c) => c.length);
      const caption = [
        t.spinN(i),
        wt.verifyWays(heights.join('·'), formatWays(spin.ways || waysCount(heights), lang)),
        spin.units > 0 ? formatTimes(spin.units / per, lang) : '',
      ]
        .filter(Boolean)
        .join(' · ');
      list.append(
        h(
          'figure',
          { class: 'verify__spin' },
          screen(spin.grid),
          h('figcaption', { text: caption }),
        ),
      );
    });
    nodes.push(list);
    return nodes;
  };
}
