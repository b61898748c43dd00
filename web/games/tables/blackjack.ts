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
import { revealedToSite } from '../kit/site';
import type { GameApi } from '../kit/api';
import { boot } from '../kit/boot';
import type { Lang } from '../kit/i18n';
import { blackjackDict, type BlackjackDict } from './blackjack-i18n';
import { infoSections, tableInfo, verifyView } from './blackjack-info';
import {
  EMPTY_TABLE,
  actionOfKey,
  addChip,
  applyStep,
  canDeal,
  dealSteps,
  handBadge,
  kurusOf,
  tableOf,
  type Action,
  type BlackjackInfo,
  type BlackjackSession,
  type BlackjackView,
  type Table,
} from './blackjack-logic';
import { DEAL_MS, Pacer, countUp, freshOf, pauseAfter, type Fresh } from './blackjack-pace';
import { BlackjackTable, totalOf } from './blackjack-table';
import { TableShell } from './shell';

class Blackjack {
  private readonly shell: TableShell;
  private readonly table: BlackjackTable;
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

  constructor(
    private readonly info: BlackjackInfo,
    private readonly api: GameApi,
    lang: Lang,
    make: (tools: HTMLElement[], bt: BlackjackDict) => TableShell,
  ) {
    this.bt = blackjackDict(lang);
    const bt = this.bt;
    this.table = new BlackjackTable(
      info,
      bt,
      {
        move: (action) => void this.act(action),
        clear: () => this.setPending(0),
        again: () => {
          if (this.pending === 0) this.rebet();
          else this.addBet(this.pending);
        },
        spot: () => this.addBet(this.shell.chip),
        // A click on the table while cards are dealt: all of them at once.
        table: () => {
          if (this.animating) this.pacer.skip();
        },
      },
      (tools) => make(tools, bt),
    );
    this.shell = this.table.shell;
    const shell = this.shell;
    shell.onChip = () => this.addBet(shell.chip);
    shell.actionButton.addEventListener('click', () => void this.deal());
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
    revealedToSite(view.balance);
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
    countUp(
      win,
      (kurus) => this.shell.setWin(kurus),
      () => id === this.counting,
    );
  }

  // ---------- Words ----------

  /** The hands and the dealer in a line, and what to do. */
  private status(view: BlackjackView): string {
    const { bt } = this;
    const many = view.hands.length > 1;
    const hands = view.hands
      .map((hand, i) => `${bt.hand(i + 1, view.hands.length)} ${totalOf(hand.cards)}`)
      .join(', ');
    const dealer = `${bt.dealer} ${totalOf(view.dealer.cards)}`;
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
    this.table.focusFirst(this.inHand, this.lastMove);
  }

  // ---------- Drawing ----------

  private render() {
    this.table.render({
      view: this.view,
      shown: this.shown,
      fresh: this.fresh,
      animating: this.animating,
      settled: this.settled,
      inHand: this.inHand,
      busy: this.busy,
      fast: this.pacer.fast,
      pending: this.pending,
      lastBet: this.lastBet,
    });
  }
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
