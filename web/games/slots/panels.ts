/**
 * The slot's panels: the info panel (paytable at the current bet, paylines, RTP, rules) and the
 * verify view of the fairness panel (kit/panels.ts) for its rounds.
 */
import { symbolSvg } from './art/sprite';
import { h } from '../kit/dom';
import { formatKurus, formatTimes } from '../kit/format';
import { dialog, matchNote, rtpBlock, type VerifyView } from '../kit/panels';
import type { Game } from './game';
import { unitsToKurus } from './present';
import type { Outcome } from './types';

/** A mini 5 × 3 grid of a payline (cells on the line filled). */
function paylineMini(rows: number[], index: number, reels: number, rowCount: number): HTMLElement {
  const grid = h('div', { class: 'mini-line__grid', 'aria-hidden': 'true' });
  for (let row = 0; row < rowCount; row++) {
    for (let reel = 0; reel < reels; reel++) {
      grid.append(h('span', { class: rows[reel] === row ? 'on' : '' }));
    }
  }
  return h('figure', { class: 'mini-line' }, grid, h('figcaption', { text: String(index + 1) }));
}

/** The info panel: paytable at the current bet, paylines, RTP and rules. */
export function openInfo(game: Game): void {
  const { info } = game;
  const t = game.dict;
  const lang = game.language;
  const bet = game.bet;
  const lineBet = bet / info.lines;

  const rtp = rtpBlock(info.rtp, t.rtpNote, lang, info.jackpotRtp, {
    x: info.maxWinX,
    label: t.maxWin,
  });

  const table = h('div', { class: 'paytable' });
  const ordered = [...info.symbols].sort((a, b) => {
    const rank = (k: string) => (k === 'wild' ? 0 : k === 'scatter' ? 1 : 2);
    return rank(a.kind) - rank(b.kind) || (b.pays[5] ?? 0) - (a.pays[5] ?? 0);
  });
  for (const s of ordered) {
    const pays = h('ul', { class: 'paytable__pays' });
    if (s.kind === 'scatter') {
      for (let n = 5; n >= 1; n--) {
        const p = info.scatterPays[n] ?? 0;
        const fs = info.freeSpins[n] ?? 0;
        if (p === 0 && fs === 0) continue;
        const parts = [
          p > 0 ? formatKurus(p * bet, lang) : '',
          fs > 0 ? `${fs} ${t.freeSpins.toLowerCase()}` : '',
        ]
          .filter(Boolean)
          .join(' + ');
        pays.append(h('li', {}, h('b', { text: `${n}×` }), ` ${parts}`));
      }
    } else {
      for (let n = 5; n >= 1; n--) {
        const p = s.pays[n] ?? 0;
        if (p === 0) continue;
        pays.append(
          h('li', {}, h('b', { text: `${n}×` }), ` ${formatKurus(Math.round(p * lineBet), lang)}`),
        );
      }
    }
    const art = symbolSvg(s.id, 'paytable__art');
    table.append(
      h(
        'div',
        { class: `paytable__row paytable__row--${s.kind}` },
        art,
        h('div', {}, h('h4', { class: 'paytable__name', text: s.name[lang] || s.name.en }), pays),
      ),
    );
  }

  const lines = h('div', { class: 'mini-lines' });
  info.paylines.forEach((rows, i) => lines.append(paylineMini(rows, i, info.reels, info.rows)));

  const rules = h('ul', { class: 'rules' });
  t.rulesList(info.lines, info.freeSpinMultiplier, info.maxFreeSpins).forEach((r) =>
    rules.append(h('li', { text: r })),
  );
  if (info.wild != null)
    rules.append(h('li', { text: `${game.symbolName(info.wild)}: ${t.wildLabel}` }));

  dialog(
    t.infoTitle,
    t.close,
    h('p', { class: 'muted', text: info.description?.[lang] ?? '' }),
    rtp,
    h('h3', { text: `${t.paytable} · ${t.bet} ${formatKurus(bet, lang)}` }),
    h('p', { class: 'muted small', text: `${t.paytableNote} ${t.scatterNote}` }),
    table,
    h('h3', { text: `${t.paylines} (${info.lines})` }),
    lines,
    h('h3', { text: t.rules }),
    rules,
    h('p', { class: 'muted small', text: t.keyboard }),
  );
}

function outcomeGrids(
  outcome: Outcome,
  spinLabel: (i: number) => string,
  times: (units: number) => string,
): HTMLElement {
  const wrap = h('div', { class: 'verify__grids' });
  outcome.spins.forEach((spin, i) => {
    const grid = h('div', { class: 'verify__grid', 'aria-hidden': 'true' });
    const rows = spin.grid[0]?.length ?? 3;
    for (let row = 0; row < rows; row++) {
      for (let reel = 0; reel < spin.grid.length; reel++)
        grid.append(symbolSvg(spin.grid[reel][row], 'verify__sym'));
    }
    wrap.append(
      h(
        'figure',
        { class: 'verify__spin' },
        grid,
        h('figcaption', {
          text: spin.units > 0 ? `${spinLabel(i)} · ${times(spin.units)}` : spinLabel(i),
        }),
      ),
    );
  });
  return wrap;
}

/** The slot's verify view: the match with the recorded round, the win and every spin's grid. */
export function slotVerifyView(game: Game): VerifyView<Outcome> {
  const t = game.dict;
  const lang = game.language;
  return (outcome, round) => {
    const nodes: Node[] = matchNote(t, round?.outcome, outcome);
    const times = outcome.winUnits / game.info.lines;
    const win = round
      ? ` = ${formatKurus(unitsToKurus(outcome.winUnits, round.bet, game.info.lines), lang)}`
      : '';
    nodes.push(
      h('h4', { text: t.verifyResult }),
      h('p', {
        class: 'verify__win',
        text: `${t.verifyWinUnits(formatTimes(times, lang))}${win}`,
      }),
      outcomeGrids(outcome, t.spinN, (units) => formatTimes(units / game.info.lines, lang)),
    );
    return nodes;
  };
}
