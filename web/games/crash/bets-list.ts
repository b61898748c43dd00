/** The round's bets, everyone's (the player's first), the crashed round's kept for the pause. */
import { h } from '../kit/dom';
import { formatKurus } from '../kit/format';
import type { Lang } from '../kit/i18n';
import type { CrashDict } from './i18n';
import { formatX } from './logic';
import type { BetPanel } from './panel';
import type { FeedBet } from './types';

export class BetsList {
  readonly el: HTMLElement;
  private bets: FeedBet[] = [];
  /** The player's masked name as the feed writes it (learnt from their own bets). */
  private myName: string | null = null;
  /** The crashed round's bets, shown (settled) during the pause until the new round has bets. */
  private settled: { bets: FeedBet[]; until: number } | null = null;
  private body = h('tbody');
  private count = h('span', { class: 'cbets__count' });
  private empty: HTMLElement;

  constructor(
    private readonly lang: Lang,
    private readonly tt: CrashDict,
  ) {
    this.empty = h('p', { class: 'muted cbets__empty', text: tt.noBets });
    this.el = h(
      'section',
      { class: 'cbets', 'aria-labelledby': 'cbets-title' },
      h(
        'header',
        { class: 'cbets__head' },
        h('h2', { id: 'cbets-title', class: 'cbets__title', text: tt.bets }),
        this.count,
      ),
      h(
        'div',
        { class: 'cbets__scroll', tabindex: 0, 'aria-labelledby': 'cbets-title' },
        h(
          'table',
          { class: 'cbets__table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col', text: tt.player }),
              h('th', { scope: 'col', text: tt.bet }),
              h('th', { scope: 'col', text: tt.cashOutCol }),
              h('th', { scope: 'col', text: tt.win }),
            ),
          ),
          this.body,
        ),
        this.empty,
      ),
    );
  }

  /** A new round: the one before's bets stay on show until `until` (null: not at all), if any. */
  keepUntil(until: number | null) {
    this.settled = until !== null && this.bets.length > 0 ? { bets: this.bets, until } : null;
  }

  /** The round's bets, the full list (as the feed sends it on connect). */
  replace(bets: FeedBet[]) {
    this.bets = bets.map((b) => ({ ...b }));
  }

  /** A bet of the round's list, new or changed (cashed out, settled): one row a bet. */
  upsert(msg: FeedBet) {
    let mine = msg.mine === true;
    if (mine) this.myName = msg.player;
    // The player's own bet in everyone's list: by their masked name, slot and amount.
    else if (
      msg.player === this.myName &&
      this.bets.some((b) => b.mine && b.slot === msg.slot && b.amount === msg.amount)
    )
      mine = true;
    const entry = this.bets.find((b) =>
      mine
        ? b.mine && b.slot === msg.slot
        : !b.mine && b.player === msg.player && b.slot === msg.slot && b.amount === msg.amount,
    );
    if (entry) {
      if (msg.cashOut !== null || entry.cashOut === null) {
        entry.cashOut = msg.cashOut ?? null;
        entry.win = msg.win ?? null;
      }
    } else
      this.bets.push({
        player: msg.player,
        slot: msg.slot,
        amount: msg.amount,
        cashOut: msg.cashOut ?? null,
        win: msg.win ?? null,
        mine,
      });
  }

  /** The player's bet just placed, unless the feed has brought it already. */
  addMine(slot: number, amount: number) {
    if (this.bets.some((b) => b.mine && b.slot === slot)) return;
    this.bets.push({
      player: this.myName ?? '',
      slot,
      amount,
      cashOut: null,
      win: null,
      mine: true,
    });
  }

  /** The player's bet in `slot` cashed out. */
  cashedOut(slot: number, cashOut: number, win: number) {
    const mine = this.bets.find((b) => b.mine && b.slot === slot);
    if (mine) {
      mine.cashOut = cashOut;
      mine.win = win;
    }
  }

  /** Marks the player's bets in the round's list (by slot and amount, once each). */
  markMine(roundId: number, panels: readonly BetPanel[]) {
    for (const panel of panels) {
      const s = panel.state;
      if (s.kind === 'idle' || s.kind === 'placing' || s.roundId !== roundId) continue;
      if (this.bets.some((b) => b.mine && b.slot === panel.slot)) continue;
      const entry = this.bets.find(
        (b) => !b.mine && b.slot === panel.slot && b.amount === s.amount,
      );
      if (entry) {
        entry.mine = true;
        this.myName = entry.player;
      }
    }
  }

  /** Whether the crashed round's bets were on show and their time is up (then render again). */
  expired(serverNow: number): boolean {
    if (!this.settled || serverNow < this.settled.until) return false;
    this.settled = null;
    return true;
  }

  /** `crashed`: the round has crashed (bets not cashed out are lost). */
  render(crashed: boolean, serverNow: number) {
    const lang = this.lang;
    const past =
      this.settled && this.bets.length === 0 && serverNow < this.settled.until
        ? this.settled.bets
        : null;
    const list = past ?? this.bets;
    const lost = past !== null || crashed;
    const rows = [...list]
      .sort((a, b) => Number(!!b.mine) - Number(!!a.mine) || b.amount - a.amount)
      .slice(0, 60)
      .map((b) =>
        h(
          'tr',
          {
            class: [b.mine ? 'is-mine' : '', b.cashOut !== null ? 'is-won' : lost ? 'is-lost' : '']
              .filter(Boolean)
              .join(' '),
          },
          h('td', { class: 'cbets__player', text: b.mine ? this.tt.you : b.player }),
          h('td', { text: formatKurus(b.amount, lang) }),
          h('td', { text: b.cashOut !== null ? formatX(b.cashOut, lang) : '—' }),
          h('td', { text: b.cashOut !== null && b.win !== null ? formatKurus(b.win, lang) : '—' }),
        ),
      );
    this.body.replaceChildren(...rows);
    this.empty.hidden = rows.length > 0;
    this.count.textContent = this.tt.betsCount(list.length);
  }
}
