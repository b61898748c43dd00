/** Blackjack's table as DOM: the shoe, the dealer, the spot or the hands, the moves, the tools. */
import { h } from '../kit/dom';
import { cardEl } from './blackjack-cards';
import type { BlackjackDict } from './blackjack-i18n';
import {
  ACTIONS,
  MOVE_KEYS,
  canDeal,
  handBadge,
  handValue,
  totalLabel,
  type Action,
  type Badge,
  type BjHand,
  type BlackjackInfo,
  type BlackjackView,
  type Table,
} from './blackjack-logic';
import type { Fresh } from './blackjack-pace';
import { cardName } from './cards';
import { chipLabel, chipTier, type TableShell } from './shell';

/** What the table is drawn from (the game's state). */
export interface TableState {
  /** The server's latest view (null: no hand on the table). */
  view: BlackjackView | null;
  /** The cards on the table (behind the view while they are dealt). */
  shown: Table;
  /** The card just placed, for its animation. */
  fresh: Fresh | null;
  /** Cards are being dealt. */
  animating: boolean;
  /** The view is finished and its results are on the table. */
  settled: boolean;
  /** A hand is being played (or dealt). */
  inHand: boolean;
  /** The table waits for the server or for cards being dealt. */
  busy: boolean;
  /** No animations (skipped, or reduced motion). */
  fast: boolean;
  /** The bet on the spot before a deal, and the last one dealt (kurus). */
  pending: number;
  lastBet: number;
}

/** What the table's buttons (and a click on the table) do. */
export interface TableActions {
  move(action: Action): void;
  clear(): void;
  again(): void;
  spot(): void;
  table(): void;
}

/** A total as shown: `7/17` while the hand may still draw, the best total once it is done. */
export function totalOf(cards: number[], done = false): string {
  if (cards.length === 0) return '';
  const v = handValue(cards);
  return done ? String(v.total) : totalLabel(v.total, v.soft);
}

export class BlackjackTable {
  readonly shell: TableShell;
  readonly el = h('div', { class: 'bj-table' });
  private readonly shoeEl = h('div', { class: 'bj-shoe', 'aria-hidden': 'true' });
  private readonly dealerEl = h('div', { class: 'bj-dealer', role: 'group' });
  private readonly dealerCards = h('div', { class: 'bj-cards' });
  private readonly dealerTotal = h('span', { class: 'bj-total' });
  private readonly dealerBadge = h('span', { class: 'bj-badge', 'aria-hidden': 'true' });
  private readonly playerEl = h('div', { class: 'bj-player' });
  private readonly spot: HTMLButtonElement;
  private readonly spotChip = h('span', { class: 'bj-chip bj-spot__chip', 'aria-hidden': 'true' });
  private readonly spotAmount = h('span', { class: 'bj-spot__amount' });
  private readonly moves = new Map<Action, HTMLButtonElement>();
  private readonly movesEl = h('div', { class: 'bj-moves', role: 'group' });
  private readonly betTools = h('div', { class: 'bj-bettools' });
  private readonly clearBtn = h('button', { class: 'tbtn', type: 'button' });
  private readonly againBtn = h('button', { class: 'tbtn tbtn--gold', type: 'button' });

  /** `make`: the table shell, given the moves and the bet tools to place beside the chips. */
  constructor(
    private readonly info: BlackjackInfo,
    private readonly bt: BlackjackDict,
    on: TableActions,
    make: (tools: HTMLElement[]) => TableShell,
  ) {
    this.betTools.append(this.clearBtn, this.againBtn);
    for (const action of ACTIONS) {
      const b = h(
        'button',
        {
          class: `bj-move bj-move--${action}`,
          type: 'button',
          'aria-keyshortcuts': MOVE_KEYS[action],
        },
        h('span', { class: 'bj-move__name', text: bt.actions[action] }),
        h('span', { class: 'bj-move__extra' }),
        h('kbd', { class: 'bj-move__key', 'aria-hidden': 'true', text: MOVE_KEYS[action] }),
      );
      b.addEventListener('click', () => on.move(action));
      this.moves.set(action, b);
      this.movesEl.append(b);
    }
    this.movesEl.setAttribute('aria-label', bt.moves);
    this.shell = make([this.betTools, this.movesEl]);
    const shell = this.shell;

    this.clearBtn.textContent = shell.tt.clear;
    this.clearBtn.addEventListener('click', () => on.clear());
    this.againBtn.addEventListener('click', () => on.again());

    this.spot = h(
      'button',
      { class: 'bj-spot', type: 'button' },
      h('span', { class: 'bj-spot__ring', text: bt.spotEmpty }),
      this.spotChip,
      this.spotAmount,
      h('span', {
        class: 'bj-spot__limits',
        text: bt.limitsLine(shell.money(info.minBet), shell.money(info.maxBet)),
      }),
      h('span', { class: 'sr-only', text: bt.spotHint }),
    );
    this.spot.addEventListener('click', () => on.spot());

    this.shoeEl.append(h('span'), h('span'), h('span'));
    this.dealerEl.append(
      h(
        'div',
        { class: 'bj-head', 'aria-hidden': 'true' },
        h('span', { class: 'bj-name', text: bt.dealer }),
        this.dealerTotal,
      ),
      h('div', { class: 'bj-row' }, this.dealerCards, this.dealerBadge),
    );
    this.el.append(
      this.shoeEl,
      this.dealerEl,
      h(
        'div',
        { class: 'bj-felt', 'aria-hidden': 'true' },
        h('p', { class: 'bj-felt__pays', text: bt.feltPays }),
        h('p', { class: 'bj-felt__rule', text: bt.feltRule }),
      ),
      this.playerEl,
    );
    shell.stage.append(h('div', { class: 'bj' }, this.el));
    this.el.addEventListener('click', () => on.table());
  }

  /** The focus onto the first move allowed (the last one made first), or onto the bet tools. */
  focusFirst(inHand: boolean, lastMove: Action) {
    const candidates = inHand
      ? [this.moves.get(lastMove)!, ...this.moves.values()]
      : [this.shell.actionButton, this.againBtn, this.spot];
    candidates.find((b) => !b.disabled)?.focus({ preventScroll: true });
  }

  render(s: TableState) {
    const { shell, bt } = this;
    const view = s.view;
    const inHand = s.inHand;
    shell.root.classList.toggle('bj-inhand', inHand);
    this.el.classList.toggle('is-settled', s.settled);
    this.el.classList.toggle('bj-fast', s.fast);

    // The dealer.
    const table = s.shown;
    const dealerCards = table.dealer.map((c) => cardEl(c));
    if (table.hole) dealerCards.splice(1, 0, cardEl(null));
    this.fill(this.dealerCards, dealerCards, -1, s.fresh);
    const dealerTotal = totalOf(table.dealer, !table.hole);
    this.dealerTotal.textContent = dealerTotal;
    this.dealerTotal.hidden = dealerTotal === '';
    const dealerBust = handValue(table.dealer).total > 21;
    const dealerBj = s.settled && !!view?.dealer.blackjack;
    this.dealerTotal.classList.toggle('is-bust', dealerBust);
    this.dealerTotal.classList.toggle('is-bj', dealerBj);
    this.dealerBadge.textContent = dealerBust ? bt.badges.bust : dealerBj ? 'Blackjack' : '';
    this.dealerBadge.className = `bj-badge${dealerBust ? ' bj-badge--bust' : dealerBj ? ' bj-badge--blackjack' : ''}`;
    this.dealerBadge.hidden = !dealerBust && !dealerBj;
    this.dealerEl.setAttribute(
      'aria-label',
      bt.dealerLabel(
        table.dealer.map((c) => cardName(c, shell.tt)).join(', '),
        dealerTotal,
        table.hole,
      ),
    );

    // The player: the bet spot before a deal, the hands after.
    if (table.hands.length === 0 && !inHand) this.renderSpot(s);
    else this.renderHands(s);

    // The controls.
    for (const [action, b] of this.moves) {
      const allowed = !!view && !view.finished && view.actions.includes(action);
      b.disabled = s.busy || !allowed;
      const hand = view?.hands[view.active];
      const extra =
        allowed && hand && (action === 'double' || action === 'split') ? shell.money(hand.bet) : '';
      (b.querySelector('.bj-move__extra') as HTMLElement).textContent = extra ? `+${extra}` : '';
    }
    const free = !s.busy && !inHand;
    this.clearBtn.disabled = !free || s.pending === 0;
    const rebet = s.pending === 0;
    this.againBtn.textContent = rebet ? shell.tt.rebet : bt.doubleBet;
    this.againBtn.disabled = !free || (rebet && s.lastBet === 0);
    shell.actionButton.disabled = !free || !canDeal(s.pending, this.info);
    if (!inHand && !s.settled) shell.setBet(s.pending);
  }

  private renderSpot(s: TableState) {
    const { shell } = this;
    const bet = s.pending;
    this.spot.classList.toggle('has-bet', bet > 0);
    this.spot.disabled = s.busy;
    this.spotChip.textContent = bet ? chipLabel(bet) : '';
    this.spotChip.className = `bj-chip bj-spot__chip bj-chip--${this.tierOf(bet)}`;
    this.spotAmount.textContent = bet ? shell.money(bet) : '';
    if (this.playerEl.firstElementChild !== this.spot) this.playerEl.replaceChildren(this.spot);
  }

  /** A chip's colour for an amount: the largest chip it holds. */
  private tierOf(amount: number): number {
    const chips = this.info.chips;
    const chip = [...chips].reverse().find((c) => c <= amount) ?? chips[0] ?? 0;
    return chipTier(chip, chips);
  }

  private renderHands(s: TableState) {
    const { shell, bt } = this;
    const view = s.view;
    const table = s.shown;
    const count = table.hands.length;
    const playing = !!view && !view.finished && count > 1;
    const hands = table.hands.map((cards, i) => {
      const hand: BjHand | undefined = view?.hands[i];
      const active = playing && !s.animating && view!.active === i;
      const done = s.settled || (!!hand && hand.done && hand.cards.length === cards.length);
      const total = totalOf(cards, done);
      const bust = handValue(cards).total > 21;
      const badge: Badge | null = bust ? 'bust' : s.settled && hand ? handBadge(hand) : null;
      const row = h('div', { class: 'bj-cards' });
      this.fill(
        row,
        cards.map((c) => cardEl(c)),
        i,
        s.fresh,
      );
      const totalEl = h('span', {
        class: `bj-total${bust ? ' is-bust' : ''}${s.settled && hand?.blackjack ? ' is-bj' : ''}${!bust && handValue(cards).total === 21 ? ' is-21' : ''}`,
        text: total,
      });
      totalEl.hidden = total === '';
      const stake = hand
        ? h(
            'span',
            { class: 'bj-stake' },
            h('span', {
              class: `bj-chip bj-chip--${this.tierOf(hand.bet)}${hand.doubled ? ' is-doubled' : ''}`,
              text: chipLabel(hand.bet),
            }),
            h('span', { class: 'bj-stake__amount', text: shell.money(hand.bet) }),
          )
        : null;
      const result = badge
        ? h(
            'span',
            { class: `bj-result bj-result--${badge}` },
            h('span', { class: 'bj-result__text', text: bt.badges[badge] }),
            s.settled && hand && hand.win > 0
              ? h('span', { class: 'bj-result__win', text: `+${shell.money(hand.win)}` })
              : null,
          )
        : null;
      const name = bt.hand(i + 1, count);
      const extra = [
        hand ? bt.betOf(shell.money(hand.bet)) : '',
        hand?.doubled ? bt.doubledNote : '',
        active ? bt.active : '',
        badge ? bt.badges[badge] : '',
      ]
        .filter(Boolean)
        .join(', ');
      const el = h(
        'div',
        {
          class: `bj-hand${active ? ' is-active' : ''}${playing && !active ? ' is-waiting' : ''}`,
          role: 'group',
          'aria-label': bt.handLabel(
            name,
            cards.map((c) => cardName(c, shell.tt)).join(', '),
            total,
            extra,
          ),
          'aria-current': active ? 'true' : undefined,
        },
        count > 1 ? h('span', { class: 'bj-hand__name', 'aria-hidden': 'true', text: name }) : null,
        h('div', { class: 'bj-row' }, row, result),
        h('div', { class: 'bj-foot', 'aria-hidden': 'true' }, totalEl, stake),
      );
      return el;
    });
    const wrap = h('div', { class: `bj-hands bj-hands--${Math.max(1, count)}` }, ...hands);
    this.playerEl.replaceChildren(wrap);
  }

  /** Puts a row's cards in, the fresh one with its animation (flying from the shoe). */
  private fill(row: HTMLElement, cards: HTMLElement[], at: number, fresh: Fresh | null) {
    row.style.setProperty('--n', String(Math.max(1, cards.length)));
    row.replaceChildren(...cards);
    if (!fresh || fresh.at !== at) return;
    const el = cards[fresh.index];
    if (!el) return;
    if (fresh.kind === 'deal') {
      const from = this.shoeEl.getBoundingClientRect();
      const to = el.getBoundingClientRect();
      if (from.width > 0 && to.width > 0) {
        el.style.setProperty('--dx', `${from.left + from.width / 2 - (to.left + to.width / 2)}px`);
        el.style.setProperty('--dy', `${from.top + from.height / 2 - (to.top + to.height / 2)}px`);
      }
      el.classList.add('is-dealt');
    } else el.classList.add(fresh.kind === 'flip' ? 'is-flip' : 'is-moved');
  }
}
