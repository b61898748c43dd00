/**
 * Kasa Baccarat (punto banco): chips on Player, Banker and Tie, Deal; the server's cards come
 * out one by one in the dealing order (player, banker, player, banker, then the third cards) and
 * turn over, the totals count up, the winning hand lights up and the result joins the road.
 * Skippable with a click; instant under reduced motion.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './tables.css';
import { h, textTable } from '../kit/dom';
import { formatRtp } from '../kit/format';
import {
  BETS,
  betResult,
  dealOrder,
  handTotal,
  isNatural,
  formatOdds,
  pushRoad,
  roadCounts,
  winnerOf,
  type Bet,
  type Deal,
  type Hands,
  type Side,
  type Winner,
} from './baccarat-logic';
import { ChipTable } from './bet-tools';
import { cardName, faceOf, isCourt, isRed, suitOf, suitSvg, type SuitArt } from './cards';
import { tableDict, type TableDict } from './i18n';
import { TableShell, list, reducedMotion } from './shell';
import { bootTable, type MakeShell } from './table-boot';
import type { Draw, PlayData } from './types';

/** The bet spots left to right on the felt. */
const SPOT_ORDER: Bet[] = ['player', 'tie', 'banker'];
const SIDES: Side[] = ['player', 'banker'];

/** The pace of the deal (ms): a card slides in, turns over, and a pause before a third card. */
const DEAL_MS = 280;
const FLIP_MS = 420;
const THIRD_MS = 450;

/** Each suit (spades, hearts, diamonds, clubs) as filled paths in a 100 × 100 box. */
const SUIT_PATHS: SuitArt = [
  [
    'M50 4C62 20 96 40 96 62c0 13-10 22-22 22-9 0-16-4-20-11 1 10 5 17 12 23H34c7-6 11-13 12-23-4 7-11 11-20 11C14 84 4 75 4 62 4 40 38 20 50 4Z',
  ],
  [
    'M50 94C40 82 4 60 4 32 4 16 16 6 29 6c10 0 17 5 21 13C54 11 61 6 71 6c13 0 25 10 25 26 0 28-36 50-46 62Z',
  ],
  ['M50 2 88 50 50 98 12 50Z'],
  [
    'M29 27a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z',
    'M6 58a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z',
    'M52 58a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z',
    'M36 44h28v16H36Z',
    'M46 50h8c0 22 4 34 14 46H32c10-12 14-24 14-46Z',
  ],
];

/** A suit symbol in baccarat's art. */
const suitIcon = (suit: number, cls: string) => suitSvg(SUIT_PATHS, suit, cls);

/**
 * A card on the table (a list item): its back showing until it is turned (`up`); the third card
 * of a hand lies sideways, as dealt.
 */
function cardEl(card: number, tt: TableDict, third = false, up = false): HTMLLIElement {
  const suit = suitOf(card);
  const face = faceOf(card);
  const corner = (cls: string) =>
    h(
      'span',
      { class: `bc-card__corner ${cls}` },
      h('span', { class: 'bc-card__rank', text: face }),
      suitIcon(suit, 'bc-suit bc-suit--small'),
    );
  const centre = isCourt(card)
    ? h(
        'span',
        { class: 'bc-card__court' },
        h('span', { class: 'bc-card__court-face', text: face }),
        suitIcon(suit, 'bc-suit bc-suit--court'),
      )
    : suitIcon(suit, `bc-suit bc-suit--pip${face === 'A' ? ' bc-suit--ace' : ''}`);
  const front = h(
    'span',
    { class: `bc-card__face bc-card__front${isRed(card) ? ' is-red' : ''}` },
    corner('bc-card__corner--start'),
    centre,
    corner('bc-card__corner--end'),
  );
  return h(
    'li',
    { class: `bc-card${third ? ' bc-card--third' : ''}${up ? ' is-up' : ''}` },
    h(
      'span',
      {
        class: 'bc-card__inner',
        role: 'img',
        'aria-label': up ? cardName(card, tt) : tt.cardBack,
      },
      h('span', { class: 'bc-card__face bc-card__back' }),
      front,
    ),
  );
}

/** A hand's total: the number shown, the whole phrase for screen readers. */
function totalText(side: Side, total: number, tt: TableDict): Node[] {
  return [
    h('span', { class: 'sr-only', text: tt.handTotal(tt.sides[side], String(total)) }),
    h('span', { 'aria-hidden': 'true', text: String(total) }),
  ];
}

interface HandView {
  root: HTMLElement;
  cards: HTMLOListElement;
  total: HTMLElement;
  natural: HTMLElement;
  shown: number[];
}

class Baccarat extends ChipTable {
  private spots = new Map<Bet, HTMLButtonElement>();
  private amounts = new Map<Bet, HTMLElement>();
  private hands: Record<Side, HandView>;
  private table: HTMLElement;
  private resultEl = h('p', { class: 'bc-result', 'aria-hidden': 'true' });
  private roadEl = h('ol', { class: 'bc-beads' });
  private countsEl = h('p', { class: 'bc-counts' });
  private road: Winner[] = [];
  private skip = false;
  /** Ends the current pause early (a skip). */
  private wake: (() => void) | null = null;

  constructor(make: MakeShell) {
    super(make);
    const { info, tt, language: lang } = this.shell;
    this.shell.actionButton.addEventListener('click', () => {
      if (this.shell.busy) this.skipNow();
      else void this.deal();
    });

    this.hands = {
      player: this.handView('player'),
      banker: this.handView('banker'),
    };

    const spots = h('div', { class: 'bc-spots', role: 'group', 'aria-label': tt.spots });
    for (const bet of SPOT_ORDER) {
      const pays = info.pays[BETS.indexOf(bet)]?.[0] ?? 0;
      const amount = h('span', { class: 'bc-spot__amount' });
      const b = h(
        'button',
        { class: `bc-spot bc-spot--${bet}`, type: 'button' },
        h('span', { class: 'bc-spot__name', text: tt.sides[bet] }),
        h('span', { class: 'bc-spot__odds', text: formatOdds(pays, lang) }),
        amount,
      );
      b.addEventListener('click', () => this.tools.add({ kind: bet, numbers: [] }));
      this.spots.set(bet, b);
      this.amounts.set(bet, amount);
      spots.append(b);
    }

    this.table = h(
      'div',
      { class: 'bc-table' },
      h('div', { class: 'bc-hands' }, this.hands.player.root, this.hands.banker.root),
      this.resultEl,
      spots,
    );
    this.shell.stage.append(
      h(
        'div',
        { class: 'bc' },
        h(
          'section',
          { class: 'bc-road', 'aria-label': tt.road },
          h('h2', { class: 'rl-last__title bc-road__title', text: tt.road }),
          this.roadEl,
          this.countsEl,
        ),
        this.table,
      ),
    );
    this.shell.stage.addEventListener('click', (e) => {
      if (this.shell.busy && !(e.target as HTMLElement).closest('button')) this.skipNow();
    });
    this.renderRoad();
    this.render();
    this.shell.say(tt.placeBets);
  }

  private handView(side: Side): HandView {
    const { tt } = this.shell;
    const name = tt.sides[side];
    const cards = h('ol', { class: 'bc-cards' });
    const total = h('span', { class: 'bc-total' });
    const natural = h('span', { class: 'bc-natural', text: tt.natural, hidden: true });
    const root = h(
      'section',
      { class: `bc-hand bc-hand--${side}`, 'aria-label': tt.hand(name) },
      h(
        'div',
        { class: 'bc-hand__head' },
        h('h2', { class: 'bc-hand__name', text: name }),
        total,
        natural,
      ),
      cards,
    );
    return { root, cards, total, natural, shown: [] };
  }

  protected clearResult() {
    for (const b of this.spots.values()) b.classList.remove('is-win', 'is-lost', 'is-push');
  }

  private clearHands() {
    for (const side of SIDES) {
      const hand = this.hands[side];
      hand.shown = [];
      hand.cards.replaceChildren();
      hand.root.classList.remove('is-win', 'is-tie');
      hand.natural.hidden = true;
      this.setTotal(side);
    }
    this.resultEl.textContent = '';
    this.resultEl.className = 'bc-result';
  }

  private setTotal(side: Side) {
    const hand = this.hands[side];
    if (hand.shown.length === 0) hand.total.replaceChildren();
    else hand.total.replaceChildren(...totalText(side, handTotal(hand.shown), this.shell.tt));
  }

  protected render() {
    const { tt, language: lang, info } = this.shell;
    const busy = this.shell.busy;
    this.shell.setBet(this.board.total);
    for (const bet of BETS) {
      const odds = formatOdds(info.pays[BETS.indexOf(bet)]?.[0] ?? 0, lang);
      this.tools.renderSpot(
        { kind: bet, numbers: [] },
        this.spots.get(bet)!,
        this.amounts.get(bet)!,
        (money) => tt.spotBet(tt.sides[bet], odds, money),
      );
    }
    this.tools.render();
    this.shell.actionButton.disabled = !busy && this.board.empty;
    this.shell.actionButton.textContent = busy ? tt.skip : tt.deal;
  }

  private renderRoad() {
    const { tt } = this.shell;
    const items = this.road.map((w, i) =>
      h(
        'li',
        { class: `bc-bead bc-bead--${w}${i === 0 ? ' is-last' : ''}` },
        h('span', { 'aria-hidden': 'true', text: tt.letters[w] }),
        h('span', { class: 'sr-only', text: tt.sides[w] }),
      ),
    );
    if (items.length === 0) items.push(h('li', { class: 'bc-bead bc-bead--empty', text: '–' }));
    this.roadEl.replaceChildren(...items);
    const counts = roadCounts(this.road);
    this.countsEl.replaceChildren(
      ...BETS.map((w) =>
        h(
          'span',
          { class: `bc-count bc-count--${w}` },
          h('span', { class: 'bc-count__letter', 'aria-hidden': 'true', text: tt.letters[w] }),
          h('span', { class: 'sr-only', text: `${tt.sides[w]}:` }),
          ` ${counts[w]}`,
        ),
      ),
    );
  }

  /** Waits `ms`, or less when the round is skipped. */
  private pause(ms: number): Promise<void> {
    if (this.skip || ms <= 0) return Promise.resolve();
    return new Promise((ok) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        ok();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** The rest of the deal at once. */
  private skipNow() {
    this.skip = true;
    this.table.classList.add('is-instant');
    this.wake?.();
  }

  private async deal() {
    const shell = this.shell;
    if (shell.busy || this.board.empty) return;
    const { tt } = shell;
    this.skip = reducedMotion();
    this.table.classList.toggle('is-instant', this.skip);
    this.clearResult();
    this.clearHands();
    shell.setBusy(true);
    this.render();
    shell.sound.click();
    shell.say(tt.dealing);
    const data = await this.tools.play();
    if (!data) return;
    const draw = data.outcome.draw;
    const hands: Hands =
      draw.game === 'baccarat'
        ? { player: draw.player, banker: draw.banker }
        : { player: [], banker: [] };
    for (const d of dealOrder(hands)) {
      if (d.index === 2) await this.pause(THIRD_MS);
      const el = this.place(d);
      await this.pause(DEAL_MS);
      this.turn(el, d);
      await this.pause(FLIP_MS);
      this.count(d);
    }
    this.finish(data, hands);
  }

  /** A card dealt face down into its hand. */
  private place(d: Deal): HTMLLIElement {
    const el = cardEl(d.card, this.shell.tt, d.index === 2);
    this.hands[d.side].cards.append(el);
    return el;
  }

  /** A card turned over. */
  private turn(el: HTMLLIElement, d: Deal) {
    el.classList.add('is-up');
    el.firstElementChild?.setAttribute('aria-label', cardName(d.card, this.shell.tt));
    if (!this.skip) this.shell.sound.tick();
  }

  /** A turned card counted in its hand's total. */
  private count(d: Deal) {
    this.hands[d.side].shown.push(d.card);
    this.setTotal(d.side);
  }

  private finish(data: PlayData, hands: Hands) {
    const shell = this.shell;
    const { tt } = shell;
    const winner = winnerOf(hands);
    for (const side of SIDES) {
      const hand = this.hands[side];
      hand.natural.hidden = !isNatural(hands[side]);
      if (winner === side) hand.root.classList.add('is-win');
      if (winner === 'tie') hand.root.classList.add('is-tie');
    }
    const score = tt.score(handTotal(hands.player), handTotal(hands.banker));
    this.resultEl.className = `bc-result bc-result--${winner}`;
    this.resultEl.replaceChildren(
      h('strong', { text: tt.wins[winner] }),
      h('span', { class: 'bc-result__score', text: score }),
    );
    // Each staked spot by what the server paid it; the winning spot lit even without a stake.
    for (const bet of BETS) {
      const stake = data.outcome.stakes.find((s) => s.kind === bet && s.amount > 0);
      const result = stake
        ? stake.win > stake.amount
          ? 'win'
          : stake.win > 0
            ? 'push'
            : 'lost'
        : betResult(bet, winner) === 'win'
          ? 'win'
          : null;
      if (result) this.spots.get(bet)!.classList.add(`is-${result}`);
    }
    this.road = pushRoad(this.road, winner);
    this.renderRoad();
    this.tools.done();
    const detail = `${tt.wins[winner]} (${score})`;
    shell.settle(data, detail);
    // Only stakes returned by a tie: no win to celebrate, the money back.
    const won = data.outcome.stakes.some((s) => s.win > s.amount);
    if (data.win > 0 && !won)
      shell.say(`${detail} · ${tt.returned(shell.money(data.win))}`, 'info', true);
  }
}

/** The recomputed deal in the fairness panel: both hands, their totals and the winner. */
function verifyView(shell: () => TableShell) {
  return (draw: Draw) => {
    const s = shell();
    const { tt } = s;
    if (draw.game !== 'baccarat') return [h('h4', { text: s.dict.verifyResult })];
    const hands: Hands = { player: draw.player, banker: draw.banker };
    const winner = winnerOf(hands);
    const hand = (side: Side) => {
      const cards = h('ol', { class: 'bc-cards' });
      hands[side].forEach((c, i) => cards.append(cardEl(c, tt, i === 2, true)));
      const mark = winner === side ? ' is-win' : winner === 'tie' ? ' is-tie' : '';
      return h(
        'section',
        {
          class: `bc-hand bc-hand--${side}${mark}`,
          'aria-label': tt.hand(tt.sides[side]),
        },
        h(
          'div',
          { class: 'bc-hand__head' },
          h('h5', { class: 'bc-hand__name', text: tt.sides[side] }),
          h('span', { class: 'bc-total' }, ...totalText(side, handTotal(hands[side]), tt)),
          isNatural(hands[side]) && h('span', { class: 'bc-natural', text: tt.natural }),
        ),
        cards,
      );
    };
    return [
      h('h4', { text: s.dict.verifyResult }),
      h('div', { class: 'bc-verify' }, hand('player'), hand('banker')),
      h('p', {
        class: 'verify__win',
        text: `${tt.wins[winner]} (${tt.score(handTotal(hands.player), handTotal(hands.banker))})`,
      }),
    ];
  };
}

bootTable(
  (make) => new Baccarat(make),
  (shell, { lang }) => ({
    action: tableDict(lang).deal,
    verifyView: verifyView(shell),
    info: () => {
      const { tt, info } = shell();
      return [
        h('h3', { text: tt.betsRtp }),
        textTable(
          'rounds__table',
          [tt.betHead, tt.payout, 'RTP'],
          BETS.map((bet, i) => [
            tt.sides[bet],
            formatOdds(info.pays[i]?.[0] ?? 0, lang),
            formatRtp(info.rtps[i] ?? 0, lang).replace('RTP ', ''),
          ]),
        ),
        h('h3', { text: tt.rules }),
        list(tt.baccaratRules),
      ];
    },
  }),
);
