/**
 * Kasa Blackjack: chips onto the bet spot, Deal; the server's cards come out of the shoe one by one
 * (player, dealer up, player, the dealer's hole card face down), then Hit / Stand / Double / Split
 * as the server allows, each answer's new cards dealt in turn, a split hand moving aside, the hole
 * card turned over and the dealer's draws; each hand's result, the win counted into the meter.
 * A hand left open (a reload) is picked up where it was. Skippable with a click or a key; instant
 * under reduced motion.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './tables.css';
import './blackjack.css';
import type { GameApi } from '../kit/api';
import { boot } from '../kit/boot';
import { h, textTable } from '../kit/dom';
import type { Lang } from '../kit/i18n';
import type { RoundData } from '../kit/types';
import { cardEl } from './blackjack-cards';
import { blackjackDict, type BlackjackDict } from './blackjack-i18n';
import {
  ACTIONS,
  EMPTY_TABLE,
  MOVE_KEYS,
  actionOfKey,
  addChip,
  applyStep,
  blackjackOutcome,
  canDeal,
  cardText,
  cardsMatch,
  dealSteps,
  handBadge,
  handValue,
  isCard,
  kurusOf,
  tableOf,
  totalLabel,
  type Action,
  type Badge,
  type BjHand,
  type BlackjackDraw,
  type BlackjackInfo,
  type BlackjackSession,
  type BlackjackView,
  type Step,
  type Table,
} from './blackjack-logic';
import { cardName, isRed } from './cards';
import { TableShell, chipLabel, chipTier, list, reducedMotion } from './shell';
import type { Draw, TableInfo } from './types';

/** The pace (ms): between dealt cards, a hole card turning over, a split, the dealer's draws. */
const DEAL_MS = 380;
const FLIP_MS = 520;
const SPLIT_MS = 420;
const DRAW_MS = 560;
/** The win meter's count. */
const COUNT_MS = 900;

/** Waits that a skip cuts short (and that are nothing under reduced motion). */
class Pacer {
  private skipped = false;
  private wakers = new Set<() => void>();

  get fast(): boolean {
    return this.skipped || reducedMotion();
  }

  reset() {
    this.skipped = false;
  }

  skip() {
    this.skipped = true;
    for (const wake of [...this.wakers]) wake();
  }

  wait(ms: number): Promise<void> {
    if (this.fast || ms <= 0) return Promise.resolve();
    return new Promise((ok) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        ok();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}

/** A card just placed, for its animation. */
interface Fresh {
  /** A hand's index, or -1 for the dealer. */
  at: number;
  index: number;
  kind: 'deal' | 'flip' | 'move';
}

function freshOf(step: Step, table: Table): Fresh | null {
  switch (step.kind) {
    case 'player':
      return { at: step.hand, index: table.hands[step.hand].length - 1, kind: 'deal' };
    case 'dealer':
      return { at: -1, index: table.dealer.length - 1, kind: 'deal' };
    case 'hole':
      return { at: -1, index: table.dealer.length, kind: 'deal' };
    case 'reveal':
      return { at: -1, index: table.dealer.length - 1, kind: 'flip' };
    case 'split':
      return { at: step.hand + 1, index: 0, kind: 'move' };
    case 'sync':
      return null;
  }
}

/** The wait after a step, before the next. */
function pauseAfter(step: Step, next: Step | undefined): number {
  if (step.kind === 'reveal') return FLIP_MS;
  if (step.kind === 'split') return SPLIT_MS;
  if (next?.kind === 'dealer' && step.kind !== 'player') return DRAW_MS;
  return DEAL_MS;
}

class Blackjack {
  private readonly shell: TableShell;
  private readonly bt: BlackjackDict;
  private readonly pacer = new Pacer();
  /** The server's latest view (null: no hand on the table). */
  private view: BlackjackView | null = null;
  /** The cards on the table (behind the view while they are dealt). */
  private shown: Table = EMPTY_TABLE;
  private fresh: Fresh | null = null;
  private animating = false;
  /** The view is finished and its results are on the table. */
  private settled = false;
  /** The bet on the spot before a deal, and the last one dealt (kurus). */
  private pending = 0;
  private lastBet = 0;
  private counting = 0;
  /** The last move made (the focus returns to it while it is allowed). */
  private lastMove: Action = 'hit';

  private readonly tableEl = h('div', { class: 'bj-table' });
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

  constructor(
    private readonly info: BlackjackInfo,
    private readonly api: GameApi,
    lang: Lang,
    make: (tools: HTMLElement[], bt: BlackjackDict) => TableShell,
  ) {
    this.bt = blackjackDict(lang);
    const bt = this.bt;
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
      b.addEventListener('click', () => void this.act(action));
      this.moves.set(action, b);
      this.movesEl.append(b);
    }
    this.movesEl.setAttribute('aria-label', bt.moves);
    this.shell = make([this.betTools, this.movesEl], bt);
    const shell = this.shell;
    const tt = shell.tt;

    this.clearBtn.textContent = tt.clear;
    this.clearBtn.addEventListener('click', () => this.setPending(0));
    this.againBtn.addEventListener('click', () => {
      if (this.pending === 0) this.rebet();
      else this.addBet(this.pending);
    });
    shell.onChip = () => this.addBet(shell.chip);
    shell.actionButton.addEventListener('click', () => void this.deal());

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
    this.spot.addEventListener('click', () => this.addBet(shell.chip));

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
    this.tableEl.append(
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
    shell.stage.append(h('div', { class: 'bj' }, this.tableEl));
    // A click on the table while cards are dealt: all of them at once.
    this.tableEl.addEventListener('click', () => {
      if (this.animating) this.pacer.skip();
    });
    document.addEventListener('keydown', (e) => this.onKey(e));

    this.render();
    shell.say(bt.placeBet);
    void this.resume();
  }

  private get inHand(): boolean {
    return this.animating || (this.view !== null && !this.view.finished);
  }

  private get busy(): boolean {
    return this.shell.busy || this.animating;
  }

  // ---------- Betting ----------

  /** The finished hand leaves the table once a new bet is made. */
  private clearFinished() {
    if (this.view?.finished) {
      this.view = null;
      this.shown = EMPTY_TABLE;
      this.settled = false;
    }
  }

  private addBet(chip: number) {
    if (this.busy || this.inHand) return;
    this.clearFinished();
    const r = addChip(this.pending, chip, this.info, kurusOf(this.shell.balance));
    if ('refused' in r) {
      this.shell.sound.error();
      this.shell.say(
        r.refused === 'max'
          ? this.bt.maxBet(this.shell.money(this.info.maxBet))
          : this.bt.noBalance,
        'error',
      );
      this.render();
      return;
    }
    this.shell.sound.click();
    this.setPending(r.bet);
  }

  private rebet() {
    if (this.busy || this.inHand || this.lastBet === 0) return;
    this.addBet(this.lastBet);
  }

  private setPending(bet: number) {
    if (this.busy || this.inHand) return;
    this.clearFinished();
    this.pending = bet;
    const { bt, shell } = this;
    if (bet === 0) shell.say(bt.placeBet);
    else if (bet < this.info.minBet) shell.say(bt.minBet(shell.money(this.info.minBet)), 'error');
    else shell.say(bt.dealHint(shell.money(bet)));
    this.render();
  }

  // ---------- The round ----------

  /** At the start: a hand left open (a reload) comes back as it was. */
  private async resume() {
    this.shell.setBusy(true);
    const open = await this.shell.request(() => this.api.blackjack<BlackjackView>());
    this.shell.setBusy(false);
    if (open && !this.view) {
      this.view = open;
      this.shown = tableOf(open);
      this.settled = open.finished;
      this.shell.balance = open.balance;
      this.shell.renderBalance(open.balance);
      this.shell.setBet(open.bet);
      this.lastBet = open.hands[0] ? open.hands[0].bet / (open.hands[0].doubled ? 2 : 1) : 0;
      this.render();
      if (!open.finished) this.shell.say(`${this.bt.resumed} ${this.status(open)}`, 'info', true);
      this.focusMove();
    } else this.render();
  }

  private async deal() {
    const bet = this.pending;
    if (this.busy || this.inHand || !canDeal(bet, this.info)) return;
    const shell = this.shell;
    const focused = this.ownsFocus();
    shell.setBusy(true);
    shell.sound.click();
    shell.say(this.bt.dealing);
    const view = await this.send(() => this.api.blackjackDeal<BlackjackView>(bet));
    if (!view) return;
    this.lastBet = bet;
    this.pending = 0;
    this.view = null;
    this.shown = EMPTY_TABLE;
    this.settled = false;
    shell.setWin(0);
    await this.play(view, focused);
  }

  private async act(action: Action) {
    const view = this.view;
    if (this.busy || !view || view.finished || !view.actions.includes(action)) return;
    const shell = this.shell;
    const focused = this.ownsFocus();
    this.lastMove = action;
    shell.setBusy(true);
    shell.sound.click();
    this.render();
    const next = await this.send(() => this.api.blackjackAct<BlackjackView>(view.roundId, action));
    if (!next) return;
    await this.play(next, focused);
  }

  /**
   * A deal or a move sent (the table busy): the server's next view; or null when it was refused,
   * the table free again (after a conflict, as the server has it: another tab played on).
   */
  private async send(call: () => Promise<BlackjackView>): Promise<BlackjackView | null> {
    let conflict = false;
    const view = await this.shell.request(call, (e) => (conflict = e.status === 409));
    if (!view) {
      this.shell.setBusy(false);
      if (conflict) await this.recover();
      else this.render();
    }
    return view;
  }

  /** A refused move or deal (another tab played on): the table as the server has it. */
  private async recover() {
    const open = await this.shell.request(() => this.api.blackjack<BlackjackView>());
    if (open) {
      await this.play(open, this.ownsFocus());
      return;
    }
    // No hand is open any more: the table is free for a bet.
    if (this.view && !this.view.finished) {
      this.view = null;
      this.shown = EMPTY_TABLE;
      this.settled = false;
    }
    this.render();
  }

  /** Deals a view's new cards one at a time, then waits for a move or settles the round. */
  private async play(view: BlackjackView, focused: boolean) {
    const shell = this.shell;
    const steps = dealSteps(this.shown, view);
    this.view = view;
    this.animating = true;
    this.settled = false;
    this.pacer.reset();
    this.tableEl.classList.remove('bj-fast');
    shell.setBusy(true);
    shell.balance = view.balance;
    shell.renderBalance(view.finished ? view.balance - view.win / 100 : view.balance);
    shell.setBet(view.bet);
    this.render();
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      this.shown = applyStep(this.shown, step);
      this.fresh = this.pacer.fast ? null : freshOf(step, this.shown);
      if (step.kind !== 'sync' && !this.pacer.fast) shell.sound.tick();
      this.render();
      if (i < steps.length - 1) await this.pacer.wait(pauseAfter(step, steps[i + 1]));
    }
    // The last card lands.
    if (steps.length > 0 && steps.some((s) => s.kind !== 'sync')) await this.pacer.wait(DEAL_MS);
    this.fresh = null;
    this.animating = false;
    shell.setBusy(false);
    if (view.finished) this.settle(view);
    else this.shell.say(this.status(view), 'info', true);
    this.render();
    if (focused) this.focusMove();
  }

  private settle(view: BlackjackView) {
    const { shell, bt } = this;
    this.settled = true;
    shell.balance = view.balance;
    shell.renderBalance(view.balance);
    this.countWin(view.win);
    const many = view.hands.length > 1;
    const parts = view.hands.map((hand, i) => {
      const badge = handBadge(hand);
      const text = badge ? bt.badges[badge] : '';
      return many ? bt.summaryHand(i + 1, text) : text;
    });
    const dealer = view.dealer.bust
      ? bt.dealerBust
      : view.dealer.blackjack
        ? `${bt.dealer}: Blackjack`
        : `${bt.dealer} ${view.dealer.total}`;
    const allPush = view.hands.every((hand) => hand.result === 'push');
    const money = view.win > 0 ? (allPush ? bt.returned : bt.won)(shell.money(view.win)) : '';
    const text = [parts.join(' · '), dealer, money].filter(Boolean).join(' · ');
    const won = view.hands.filter((hand) => hand.result === 'win' || hand.result === 'blackjack');
    shell.say(text, won.length > 0 ? 'win' : 'info', true);
    if (won.length > 0)
      shell.sound.win(won.some((hand) => hand.result === 'blackjack') ? 'big' : 'small');
    this.root.dispatchEvent(new CustomEvent('balance', { detail: view.balance }));
  }

  private get root(): HTMLElement {
    return this.shell.root;
  }

  /** The win meter counts up to the round's win. */
  private countWin(win: number) {
    const id = ++this.counting;
    if (win <= 0 || this.pacer.fast) {
      this.shell.setWin(win);
      return;
    }
    const start = performance.now();
    const tick = (now: number) => {
      if (id !== this.counting) return;
      const u = Math.min(1, (now - start) / COUNT_MS);
      const eased = 1 - (1 - u) ** 3;
      this.shell.setWin(u >= 1 ? win : Math.round((win * eased) / 100) * 100);
      if (u < 1) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  // ---------- Words ----------

  private cardName(card: number): string {
    return cardName(card, this.shell.tt);
  }

  /** A total as shown: `7/17` while the hand may still draw, the best total once it is done. */
  private totalOf(cards: number[], done = false): string {
    if (cards.length === 0) return '';
    const v = handValue(cards);
    return done ? String(v.total) : totalLabel(v.total, v.soft);
  }

  /** The hands and the dealer in a line, and what to do. */
  private status(view: BlackjackView): string {
    const { bt } = this;
    const many = view.hands.length > 1;
    const hands = view.hands
      .map((hand, i) => `${bt.hand(i + 1, view.hands.length)} ${this.totalOf(hand.cards)}`)
      .join(', ');
    const dealer = `${bt.dealer} ${this.totalOf(view.dealer.cards)}`;
    const prompt = many ? bt.yourMoveHand(view.active + 1) : bt.yourMove;
    return `${hands} · ${dealer}. ${view.finished ? '' : prompt}`.trim();
  }

  // ---------- Keys and focus ----------

  private onKey(e: KeyboardEvent) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest?.('input, textarea, select')) return;
    if (this.animating) {
      if (e.key !== 'Tab' && e.key !== 'Shift') this.pacer.skip();
      return;
    }
    const action = actionOfKey(e.key);
    if (!action || !this.view || this.view.finished) return;
    e.preventDefault();
    void this.act(action);
  }

  /** Whether the keyboard focus is on the game (not in a panel or elsewhere). */
  private ownsFocus(): boolean {
    const active = document.activeElement;
    return !active || active === document.body || this.root.contains(active);
  }

  /** The focus onto the first move allowed, or onto the bet tools after a round. */
  private focusMove() {
    if (!this.ownsFocus()) return;
    const active = document.activeElement as HTMLElement | null;
    const usable = (b: HTMLElement) =>
      !(b as HTMLButtonElement).disabled && b.offsetParent !== null;
    if (active && active !== document.body && usable(active)) return;
    const candidates = this.inHand
      ? [this.moves.get(this.lastMove)!, ...this.moves.values()]
      : [this.shell.actionButton, this.againBtn, this.spot];
    candidates.find((b) => !b.disabled)?.focus({ preventScroll: true });
  }

  // ---------- Drawing ----------

  private render() {
    const { shell, bt } = this;
    const view = this.view;
    const inHand = this.inHand;
    this.root.classList.toggle('bj-inhand', inHand);
    this.tableEl.classList.toggle('is-settled', this.settled);
    this.tableEl.classList.toggle('bj-fast', this.pacer.fast);

    // The dealer.
    const table = this.shown;
    const dealerCards = table.dealer.map((c) => cardEl(c));
    if (table.hole) dealerCards.splice(1, 0, cardEl(null));
    this.fill(this.dealerCards, dealerCards, -1);
    const dealerTotal = this.totalOf(table.dealer, !table.hole);
    this.dealerTotal.textContent = dealerTotal;
    this.dealerTotal.hidden = dealerTotal === '';
    const dealerBust = handValue(table.dealer).total > 21;
    const dealerBj = this.settled && !!view?.dealer.blackjack;
    this.dealerTotal.classList.toggle('is-bust', dealerBust);
    this.dealerTotal.classList.toggle('is-bj', dealerBj);
    this.dealerBadge.textContent = dealerBust ? bt.badges.bust : dealerBj ? 'Blackjack' : '';
    this.dealerBadge.className = `bj-badge${dealerBust ? ' bj-badge--bust' : dealerBj ? ' bj-badge--blackjack' : ''}`;
    this.dealerBadge.hidden = !dealerBust && !dealerBj;
    this.dealerEl.setAttribute(
      'aria-label',
      bt.dealerLabel(table.dealer.map((c) => this.cardName(c)).join(', '), dealerTotal, table.hole),
    );

    // The player: the bet spot before a deal, the hands after.
    if (table.hands.length === 0 && !inHand) this.renderSpot();
    else this.renderHands();

    // The controls.
    for (const [action, b] of this.moves) {
      const allowed = !!view && !view.finished && view.actions.includes(action);
      b.disabled = this.busy || !allowed;
      const hand = view?.hands[view.active];
      const extra =
        allowed && hand && (action === 'double' || action === 'split') ? shell.money(hand.bet) : '';
      (b.querySelector('.bj-move__extra') as HTMLElement).textContent = extra ? `+${extra}` : '';
    }
    const free = !this.busy && !inHand;
    this.clearBtn.disabled = !free || this.pending === 0;
    const rebet = this.pending === 0;
    this.againBtn.textContent = rebet ? shell.tt.rebet : bt.doubleBet;
    this.againBtn.disabled = !free || (rebet && this.lastBet === 0);
    shell.actionButton.disabled = !free || !canDeal(this.pending, this.info);
    if (!inHand && !this.settled) shell.setBet(this.pending);
  }

  private renderSpot() {
    const { shell } = this;
    const bet = this.pending;
    this.spot.classList.toggle('has-bet', bet > 0);
    this.spot.disabled = this.busy;
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

  private renderHands() {
    const { shell, bt } = this;
    const view = this.view;
    const table = this.shown;
    const count = table.hands.length;
    const playing = !!view && !view.finished && count > 1;
    const hands = table.hands.map((cards, i) => {
      const hand: BjHand | undefined = view?.hands[i];
      const active = playing && !this.animating && view!.active === i;
      const done = this.settled || (!!hand && hand.done && hand.cards.length === cards.length);
      const total = this.totalOf(cards, done);
      const bust = handValue(cards).total > 21;
      const badge: Badge | null = bust ? 'bust' : this.settled && hand ? handBadge(hand) : null;
      const row = h('div', { class: 'bj-cards' });
      this.fill(
        row,
        cards.map((c) => cardEl(c)),
        i,
      );
      const totalEl = h('span', {
        class: `bj-total${bust ? ' is-bust' : ''}${this.settled && hand?.blackjack ? ' is-bj' : ''}${!bust && handValue(cards).total === 21 ? ' is-21' : ''}`,
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
            this.settled && hand && hand.win > 0
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
            cards.map((c) => this.cardName(c)).join(', '),
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
  private fill(row: HTMLElement, cards: HTMLElement[], at: number) {
    row.style.setProperty('--n', String(Math.max(1, cards.length)));
    row.replaceChildren(...cards);
    const fresh = this.fresh;
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

// ---------- Info and fairness ----------

/** The shell's view of the game (its limits are the bet's). */
function tableInfo(info: BlackjackInfo): TableInfo {
  return {
    code: info.code,
    // The shell only names the page's body class after the kind (table-blackjack).
    kind: info.kind as unknown as TableInfo['kind'],
    name: info.name,
    description: info.description,
    chips: info.chips,
    maxStakes: 1,
    maxStake: info.maxBet,
    maxTotal: info.maxBet,
    rtp: info.rtp,
    maxWinX: info.maxWinX,
    wheel: [],
    red: [],
    pays: [],
    rtps: [],
  };
}

function miniCard(card: number, used: boolean): HTMLElement {
  return h('li', {
    class: `bj-mini${isRed(card) ? ' is-red' : ''}${used ? ' is-used' : ''}`,
    text: cardText(card),
  });
}

function verifyView(shell: () => TableShell, bt: BlackjackDict) {
  return (draw: Draw, round: RoundData<unknown> | undefined): Node[] => {
    const s = shell();
    const stream = ((draw as unknown as BlackjackDraw).cards ?? []).filter(isCard);
    const rec = blackjackOutcome(round?.outcome);
    const used = rec?.cards ?? [];
    const n = Math.min(stream.length, Math.max(used.length, 12));
    const nodes: Node[] = [h('h4', { text: s.dict.verifyResult })];
    if (rec) {
      const same = cardsMatch(stream, used);
      nodes.push(
        h('p', {
          class: same ? 'ok' : 'error',
          text: same ? bt.verifyUsed(used.length) : bt.verifyNotUsed,
        }),
      );
    }
    const minis = h('ol', { class: 'bj-minis', 'aria-label': bt.verifyShoe(n) });
    stream.slice(0, n).forEach((c, i) => minis.append(miniCard(c, i < used.length)));
    nodes.push(
      h('p', { class: 'muted small', text: bt.verifyShoe(n) }),
      minis,
      h('p', { class: 'muted small', text: bt.verifyOrder }),
    );
    if (rec) {
      const line = (label: string, cards: number[], total: string, tail: string) =>
        h(
          'li',
          {},
          h('b', { text: `${label}: ` }),
          `${cards.map(cardText).join(' ')} (${total})${tail}`,
        );
      const items = h('ul', { class: 'rules bj-verify-hands' });
      items.append(
        line(
          bt.dealer,
          rec.dealer.cards,
          String(rec.dealer.total),
          rec.dealer.bust ? ` · ${bt.dealerBust}` : '',
        ),
      );
      rec.hands.forEach((hand, i) => {
        const badge = handBadge(hand);
        const tail = [badge ? bt.badges[badge] : '', hand.win > 0 ? `+${s.money(hand.win)}` : '']
          .filter(Boolean)
          .join(' · ');
        items.append(
          line(
            rec.hands.length > 1 ? bt.hand(i + 1, rec.hands.length) : bt.player,
            hand.cards,
            String(hand.total),
            tail ? ` · ${tail}` : '',
          ),
        );
      });
      nodes.push(h('h4', { text: bt.verifyRound }), items);
    }
    return nodes;
  };
}

function infoSections(shell: TableShell, bt: BlackjackDict): Node[] {
  return [
    h('p', { class: 'muted small', text: bt.rtpNote }),
    h('h3', { text: bt.payouts }),
    textTable(
      'rounds__table',
      [],
      bt.payoutRows.map(([what, pays]) => [what, { class: 'nowrap', text: pays }]),
    ),
    h('h3', { text: shell.tt.rules }),
    list(bt.rules),
    h('p', { class: 'muted small', text: bt.keys }),
  ];
}

void boot<BlackjackSession>(
  ({ root, api, session, lang, t }) => {
    let shell: TableShell | null = null;
    new Blackjack(session.game, api, lang, (tools, bt) => {
      shell = new TableShell(root, api, { ...session, game: tableInfo(session.game) }, lang, t, {
        action: bt.deal,
        tools,
        verifyView: verifyView(() => shell!, bt),
        info: () => infoSections(shell!, bt),
        limits: () =>
          bt.limits(shell!.money(session.game.minBet), shell!.money(session.game.maxBet)),
      });
      return shell;
    });
  },
  (api, params) =>
    import.meta.env.DEV && params.has('fixture')
      ? import('./blackjack-fixture').then(({ blackjackFixture }) =>
          blackjackFixture(api, params.get('fixture') || 'random'),
        )
      : null,
);
