/**
 * The screen both slots share (the line slot's Game and the ways slot's WaysGame build on it): the
 * top bar (name, info, fairness, sound), the machine (the marquee, the reels, the message under
 * them), the meters and the controls (bet steps and levels, spin, autoplay), and the round loop's
 * frame: spin → the reels start at once (unless the bet looks above the balance: then the server
 * decides first, so a refused bet moves nothing) → the server's answer, or the reels back on what
 * they showed and the refusal said → the slot plays the round out (its wins shown spin by spin
 * with the helpers here) → the total paid and said. A second press or a click hurries the reels
 * and the win presentation; Space or Enter spins.
 */
import { reportFailure, type GameApi } from '../kit/api';
import { installSprite, symbolSvg, themeOf } from './art/sprite';
import { topBar } from '../kit/bar';
import { ICONS, h, icon, iconButton } from '../kit/dom';
import { WinEffects, type CelebrationKind } from './effects';
import { formatKurus, formatLira } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { openFairness, type VerifyView } from '../kit/panels';
import { winTier } from './present';
import type { Motion, ReelWindow } from './reel-window';
import { helloSite, revealedToSite } from '../kit/site';
import { Sound, soundButton } from '../kit/sound';
import type { Fair, Text } from '../kit/types';
import type { SlotSymbol } from './types';

const AUTOPLAY_ROUNDS = 10;

export const wait = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

/** What the screen needs of a slot's description. */
export interface SlotScreenInfo {
  code: string;
  name: Text;
  theme: string;
  symbols: SlotSymbol[];
  wild: number | null;
  scatter: number | null;
  /** Allowed total bets in kurus. */
  betLevels: number[];
}

/** What the screen needs of a spin's answer. */
export interface SpinAnswer {
  fair: Fair;
  /** Lira, after the round. */
  balance: number;
}

/** What a slot puts into the screen. */
export interface MachineParts<O> {
  /** The machine's classes and its frame's (around the reels). */
  machineClass: string;
  frameClass: string;
  /** Between the marquee and the reels (the ways count). */
  hud?: HTMLElement;
  /** Over the reels, under the big-win overlay (the free-spin banner). */
  overlay?: HTMLElement;
  /** The info panel. */
  openInfo: () => void;
  /** How the fairness panel's verify view shows a recomputed round. */
  verifyView: () => VerifyView<O>;
}

export abstract class SlotScreen<I extends SlotScreenInfo, D extends SpinAnswer> {
  readonly info: I;
  balance: number;
  fair: Fair;
  private betIndex: number;
  private busy = false;
  private autoplay = 0;
  protected readonly sound = new Sound();
  private readonly effects: WinEffects;
  /** The player asked to hurry this round. */
  protected skip = false;
  protected abstract readonly reels: ReelWindow<Motion>;

  // Elements the loop updates.
  private balanceEl = h('output', { class: 'meter__value', 'aria-live': 'off' });
  private winEl = h('output', { class: 'meter__value meter__value--win' });
  private betSelect = h('select', { class: 'bet__select' });
  private betDown: HTMLButtonElement;
  private betUp: HTMLButtonElement;
  private spinButton: HTMLButtonElement;
  private autoButton: HTMLButtonElement;
  /** What the game says under the reels (changes often while wins are shown: not announced). */
  private message = h('p', { class: 'message' });
  /** What a screen reader hears: the round's result, free spins won, errors. */
  protected readonly live = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  private readonly celebration = h('div', {
    class: 'celebration',
    hidden: true,
    'aria-hidden': 'true',
  });
  /** Set by mount. */
  protected machine!: HTMLElement;

  /** The screen's state and controls; the slot builds its reels, then mounts the screen. */
  constructor(
    private readonly root: HTMLElement,
    private readonly api: GameApi,
    session: { game: I; balance: number; fair: Fair },
    protected readonly lang: Lang,
    protected readonly t: Dict,
  ) {
    this.info = session.game;
    this.balance = session.balance;
    this.fair = session.fair;
    helloSite();
    const levels = this.info.betLevels;
    // Start at a modest bet: the lowest level of at least 1 ₺ (or the lowest).
    const start = levels.findIndex((b) => b >= 100);
    this.betIndex = start >= 0 ? start : 0;

    const theme = themeOf(this.info.theme, this.info.code);
    document.body.classList.add(`theme-${theme}`);
    installSprite(this.info, { wild: t.wildLabel, scatter: t.scatterLabel });
    this.effects = new WinEffects(this.celebration, this.sound, lang, () => this.skip);

    this.betDown = iconButton('bet__step', ICONS.minus, t.betDown, () => this.stepBet(-1));
    this.betUp = iconButton('bet__step', ICONS.plus, t.betUp, () => this.stepBet(1));
    this.spinButton = h('button', { class: 'spin', type: 'button', 'aria-label': t.spin });
    this.spinButton.append(
      icon(ICONS.spin, 'spin__icon'),
      h('span', { class: 'spin__label', text: t.spin }),
    );
    this.spinButton.addEventListener('click', () => this.onSpinPress());
    this.autoButton = h('button', {
      class: 'round-btn auto',
      type: 'button',
      'aria-pressed': 'false',
    });
    this.autoButton.addEventListener('click', () => this.toggleAutoplay());

    levels.forEach((level, i) =>
      this.betSelect.append(h('option', { value: String(i), text: formatKurus(level, lang) })),
    );
    this.betSelect.setAttribute('aria-label', t.betSelect);
    this.betSelect.addEventListener('change', () => {
      this.betIndex = Number(this.betSelect.value);
      this.renderBet();
    });
  }

  /** Builds the screen around the slot's reels and parts, and shows its first state. */
  protected mount<O>(parts: MachineParts<O>) {
    const { t, lang } = this;
    const name = this.info.name[lang] || this.info.name.en;
    document.title = name;
    const bar = topBar(
      name,
      t,
      {
        info: parts.openInfo,
        fairness: () => openFairness(this, parts.verifyView()),
      },
      soundButton(this.sound, t, true),
    );
    this.machine = h(
      'div',
      { class: parts.machineClass },
      h(
        'div',
        { class: 'marquee', 'aria-hidden': 'true' },
        h('span', { class: 'marquee__line' }),
        this.info.wild != null ? symbolSvg(this.info.wild, 'marquee__sym') : null,
        h('span', { class: 'marquee__name', text: name }),
        this.info.scatter != null ? symbolSvg(this.info.scatter, 'marquee__sym') : null,
        h('span', { class: 'marquee__line' }),
      ),
      parts.hud,
      h('div', { class: parts.frameClass }, this.reels.element, parts.overlay, this.celebration),
      this.message,
    );
    const stage = h('main', { class: 'stage' }, this.machine, this.live);
    const controls = h(
      'section',
      { class: 'controls', 'aria-label': t.bet },
      h(
        'div',
        { class: 'meter meter--balance' },
        h('span', { class: 'meter__label', text: t.balance }),
        this.balanceEl,
      ),
      h(
        'div',
        { class: 'meter meter--win' },
        h('span', { class: 'meter__label', text: t.lastWin }),
        this.winEl,
      ),
      h(
        'div',
        { class: 'buttons' },
        h(
          'div',
          { class: 'meter bet' },
          h('span', { class: 'meter__label', text: t.bet }),
          h(
            'div',
            { class: 'bet__row' },
            this.betDown,
            h('div', { class: 'bet__value' }, this.betSelect),
            this.betUp,
          ),
        ),
        this.spinButton,
        this.autoButton,
      ),
    );
    this.root.replaceChildren(bar, stage, controls);
    this.celebration.addEventListener('click', () => (this.skip = true));
    this.machine.addEventListener('click', () => {
      if (this.busy) this.skip = true;
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
    this.renderBet();
    this.renderBalance(this.balance);
    this.renderWin(0);
    this.renderAuto();
    this.say(t.goodLuck);
  }

  get bet(): number {
    return this.info.betLevels[this.betIndex];
  }

  get language(): Lang {
    return this.lang;
  }

  get dict(): Dict {
    return this.t;
  }

  get gameApi(): GameApi {
    return this.api;
  }

  /** A symbol's name in the page's language. */
  symbolName(id: number): string {
    const s = this.info.symbols.find((x) => x.id === id);
    return s ? s.name[this.lang] || s.name.en : '';
  }

  /** The seed state after a change in the fairness panel. */
  setFair(fair: Fair) {
    this.fair = fair;
  }

  private onKey(e: KeyboardEvent) {
    if (e.key !== ' ' && e.key !== 'Enter') return;
    if (document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    if (
      target &&
      target !== document.body &&
      target.closest('button, select, input, a, textarea, [tabindex]')
    )
      return;
    e.preventDefault();
    this.onSpinPress();
  }

  /** Shows a message under the reels; `announce`: also tells screen readers (errors always). */
  protected say(
    text: string,
    kind: 'info' | 'win' | 'error' = 'info',
    announce = kind === 'error',
  ) {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
    if (announce) this.live.textContent = text;
  }

  protected renderBalance(lira: number) {
    this.balanceEl.textContent = formatLira(lira, this.lang);
  }

  protected renderWin(kurus: number) {
    this.winEl.textContent = formatKurus(kurus, this.lang);
  }

  private renderBet() {
    this.betSelect.value = String(this.betIndex);
    const locked = this.busy || this.autoplay > 0;
    this.betDown.disabled = locked || this.betIndex === 0;
    this.betUp.disabled = locked || this.betIndex === this.info.betLevels.length - 1;
    this.betSelect.disabled = locked;
  }

  private renderAuto() {
    const on = this.autoplay > 0;
    this.autoButton.replaceChildren(
      icon(on ? ICONS.stop : ICONS.auto),
      h('span', { class: 'auto__label', text: on ? String(this.autoplay) : this.t.autoplay }),
    );
    this.autoButton.setAttribute('aria-pressed', String(on));
    this.autoButton.setAttribute(
      'aria-label',
      on ? `${this.t.autoplayOff} (${this.t.autoplayLeft(this.autoplay)})` : this.t.autoplayOn,
    );
    this.autoButton.title = on ? this.t.autoplayOff : this.t.autoplayOn;
  }

  private setBusy(busy: boolean) {
    this.busy = busy;
    this.root.classList.toggle('is-busy', busy);
    this.spinButton.classList.toggle('is-spinning', busy);
    this.renderBet();
  }

  private stepBet(delta: number) {
    const next = Math.min(Math.max(this.betIndex + delta, 0), this.info.betLevels.length - 1);
    if (next === this.betIndex) return;
    this.betIndex = next;
    this.sound.click();
    this.renderBet();
  }

  private toggleAutoplay() {
    if (this.autoplay > 0) {
      this.autoplay = 0;
      this.renderAuto();
      this.renderBet();
      return;
    }
    this.autoplay = AUTOPLAY_ROUNDS;
    this.renderAuto();
    this.renderBet();
    if (!this.busy) void this.runAutoplay();
  }

  private async runAutoplay() {
    while (this.autoplay > 0) {
      this.autoplay -= 1;
      this.renderAuto();
      const ok = await this.spin();
      if (!ok) this.autoplay = 0;
      this.renderAuto();
      this.renderBet();
      if (this.autoplay > 0) await wait(350);
    }
  }

  private onSpinPress() {
    if (this.busy) {
      // A second press: land the reels now and hurry the win presentation.
      this.skip = true;
      this.reels.hurry();
      return;
    }
    if (this.autoplay > 0) return;
    void this.spin();
  }

  /** Starts the reels running. */
  protected abstract startReels(): void;

  /** Takes the last round's feature off the screen (the free spins' banner). */
  protected abstract clearFeature(): void;

  /** The spin's call to the server. */
  protected abstract request(bet: number): Promise<D>;

  /**
   * Plays an answered round out (the reels are running): lands them, shows the wins; answers what
   * the round pays, in kurus (counted into the win meter and said once the balance is paid).
   */
  protected abstract playRound(result: D, bet: number): Promise<number>;

  /** One round; false when it could not be played (error, not enough balance). */
  async spin(): Promise<boolean> {
    if (this.busy) return false;
    const bet = this.bet;
    this.skip = false;
    this.setBusy(true);
    this.sound.click();
    this.reels.clearWins();
    this.clearFeature();
    this.renderWin(0);
    this.say(this.t.goodLuck);
    this.live.textContent = '';
    // The reels start at once and run while the server answers, unless the bet looks above the
    // balance: then the server's answer decides first, so a refused bet moves nothing.
    const affordable = bet <= Math.round(this.balance * 100);
    if (affordable) {
      this.startReels();
      this.renderBalance(this.balance - bet / 100);
    }
    let result: D;
    try {
      result = await this.request(bet);
    } catch (e) {
      // Nothing was played: the reels come back to what they showed.
      if (affordable) {
        const back = this.reels.land(this.reels.current, () => {});
        this.reels.hurry();
        await back;
      }
      this.renderBalance(this.balance);
      this.setBusy(false);
      this.sound.error();
      revealedToSite(this.balance);
      reportFailure(e, {
        root: this.root,
        networkError: this.t.networkError,
        error: (text) => this.say(text, 'error'),
        balance: (lira) => {
          this.balance = lira;
          this.renderBalance(lira);
        },
      });
      return false;
    }
    this.fair = result.fair;
    if (!affordable) this.startReels();
    const win = await this.playRound(result, bet);
    this.balance = result.balance;
    this.renderBalance(this.balance);
    this.renderWin(win);
    if (win > 0) this.say(`${this.t.youWon} ${formatKurus(win, this.lang)}`, 'win', true);
    else this.say(this.t.noWin, 'info', true);
    this.setBusy(false);
    this.root.dispatchEvent(new CustomEvent('balance', { detail: this.balance }));
    revealedToSite(this.balance);
    return true;
  }

  /**
   * A spin's win: heard by its size, told under the reels (`text`) and counted into the win meter
   * up to the round's total so far.
   */
  protected async countWin(text: string, amount: number, runningTotal: number, feature: boolean) {
    const tier = winTier(amount, this.bet);
    this.sound.win(tier === 'none' ? 'small' : tier);
    this.say(text, 'win');
    await this.effects.countUp(
      (kurus) => this.renderWin(kurus),
      runningTotal - amount,
      runningTotal,
      feature ? 700 : 900,
    );
  }

  /**
   * Several wins on a spin (outside free spins, unless hurried or autoplaying): `show` each on its
   * own for `ms`, then `show(null)`: all of them again.
   */
  protected async eachWin<W>(wins: W[], feature: boolean, ms: number, show: (w: W | null) => void) {
    if (wins.length <= 1 || feature || this.skip || this.autoplay !== 0) return;
    for (const w of wins) {
      if (this.skip) break;
      show(w);
      await wait(ms);
    }
    show(null);
  }

  /** A moment to take a spin's win in (shorter when hurried). */
  protected afterWin(feature: boolean): Promise<void> {
    return wait(this.skip ? 150 : feature ? 700 : 500);
  }

  /** A spin's wins in words: each (at most two), or how many and their sum. */
  protected winsText(parts: string[], amount: number): string {
    if (parts.length > 2)
      return `${this.t.winsOn(parts.length)}: ${formatKurus(amount, this.lang)}`;
    return parts.join(' · ');
  }

  /** A single round's win celebrated when it is big or mega. */
  protected async celebrateWin(win: number, bet: number) {
    const tier = winTier(win, bet);
    if (tier === 'big' || tier === 'mega')
      await this.celebrate(tier === 'mega' ? this.t.megaWin : this.t.bigWin, win, tier);
  }

  /** A big overlay over the reels: a title and an amount counting up (or a feature's title). */
  protected celebrate(title: string, amount: number | null, kind: CelebrationKind): Promise<void> {
    return this.effects.celebrate(title, amount, kind);
  }
}
