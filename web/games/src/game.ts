/**
 * The slot screen: top bar, reels, meters and controls, and the round loop (spin → reels land →
 * wins shown spin by spin → total). Panels (info, fairness) live in panels.ts.
 */
import { ApiError, GameApi, NetworkError } from './api';
import { installSprite, symbolSvg, themeOf } from './art/sprite';
import { ICONS, h, icon } from './dom';
import { WinEffects, type CelebrationKind } from './effects';
import { formatKurus, formatLira } from './format';
import type { Dict, Lang } from './i18n';
import { openFairness, openInfo, slotVerifyView } from './panels';
import { presentRound, winTier, type SpinPresentation } from './present';
import { Reels } from './reels';
import { Sound } from './sound';
import type { Fair, SessionData, SlotInfo } from './types';

const AUTOPLAY_ROUNDS = 10;

const wait = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

export class Game {
  readonly info: SlotInfo;
  balance: number;
  fair: Fair;
  private betIndex: number;
  private busy = false;
  private autoplay = 0;
  private lastWin = 0;
  private sound = new Sound();
  private reels: Reels;
  private effects: WinEffects;
  private skip = false;

  // Elements the loop updates.
  private balanceEl = h('output', { class: 'meter__value', 'aria-live': 'off' });
  private winEl = h('output', { class: 'meter__value meter__value--win' });
  private betSelect = h('select', { class: 'bet__select' });
  private betDown: HTMLButtonElement;
  private betUp: HTMLButtonElement;
  private spinButton: HTMLButtonElement;
  private autoButton: HTMLButtonElement;
  private soundButton: HTMLButtonElement;
  /** What the game says under the reels (changes often while wins are shown: not announced). */
  private message = h('p', { class: 'message' });
  /** What a screen reader hears: the round's result, free spins won, errors. */
  private live = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  private banner = h('div', { class: 'banner', hidden: true });
  private celebration = h('div', { class: 'celebration', hidden: true, 'aria-hidden': 'true' });
  private machine: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly api: GameApi,
    session: SessionData,
    private readonly lang: Lang,
    private readonly t: Dict,
  ) {
    this.info = session.game;
    this.balance = session.balance;
    this.fair = session.fair;
    const levels = this.info.betLevels;
    // Start at a modest bet: the lowest level of at least 1 ₺ (or the lowest).
    const start = levels.findIndex((b) => b >= 100);
    this.betIndex = start >= 0 ? start : 0;

    const theme = themeOf(this.info.theme, this.info.code);
    document.body.classList.add(`theme-${theme}`);
    installSprite(this.info, { wild: t.wildLabel, scatter: t.scatterLabel });

    const symbolIds = this.info.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
    this.reels = new Reels(this.info.rows, this.startGrid(), symbolIds);
    this.effects = new WinEffects(this.celebration, this.sound, lang, () => this.skip);

    this.betDown = this.iconButton('bet__step', ICONS.minus, t.betDown, () => this.stepBet(-1));
    this.betUp = this.iconButton('bet__step', ICONS.plus, t.betUp, () => this.stepBet(1));
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
    this.soundButton = this.iconButton('bar__btn', ICONS.soundOff, t.soundOn, () =>
      this.toggleSound(),
    );

    levels.forEach((level, i) =>
      this.betSelect.append(h('option', { value: String(i), text: formatKurus(level, lang) })),
    );
    this.betSelect.setAttribute('aria-label', t.betSelect);
    this.betSelect.addEventListener('change', () => {
      this.betIndex = Number(this.betSelect.value);
      this.renderBet();
    });

    const name = this.info.name[lang] || this.info.name.en;
    document.title = name;
    const bar = h(
      'header',
      { class: 'bar' },
      h('h1', { class: 'bar__title', text: name }),
      h('span', { class: 'bar__brand', 'aria-hidden': 'true', text: 'KASA STUDIO' }),
      h(
        'div',
        { class: 'bar__actions' },
        this.iconButton('bar__btn', ICONS.info, t.info, () => openInfo(this)),
        this.iconButton('bar__btn', ICONS.shield, t.fairness, () =>
          openFairness(this, slotVerifyView(this)),
        ),
        this.soundButton,
      ),
    );
    this.machine = h(
      'div',
      { class: 'machine' },
      h(
        'div',
        { class: 'marquee', 'aria-hidden': 'true' },
        h('span', { class: 'marquee__line' }),
        this.info.wild != null ? symbolSvg(this.info.wild, 'marquee__sym') : null,
        h('span', { class: 'marquee__name', text: name }),
        this.info.scatter != null ? symbolSvg(this.info.scatter, 'marquee__sym') : null,
        h('span', { class: 'marquee__line' }),
      ),
      h('div', { class: 'machine__frame' }, this.reels.element, this.banner, this.celebration),
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

  /** A pleasant first screen: the middle of each base strip (or a row of the symbols). */
  private startGrid(): number[][] {
    const { reels, rows, baseReels, symbols } = this.info;
    return Array.from({ length: reels }, (_, r) => {
      const strip = baseReels[r];
      if (strip?.length) {
        const at = Math.floor(strip.length / 2) + r * 3;
        return Array.from({ length: rows }, (_, i) => strip[(at + i) % strip.length]);
      }
      return Array.from({ length: rows }, (_, i) => symbols[(r + i * 2) % symbols.length].id);
    });
  }

  private iconButton(
    cls: string,
    paths: string[],
    label: string,
    onClick: () => void,
  ): HTMLButtonElement {
    const b = h('button', { class: cls, type: 'button', 'aria-label': label, title: label });
    b.append(icon(paths));
    b.addEventListener('click', onClick);
    return b;
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
  private say(text: string, kind: 'info' | 'win' | 'error' = 'info', announce = kind === 'error') {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
    if (announce) this.live.textContent = text;
  }

  private renderBalance(lira: number) {
    this.balanceEl.textContent = formatLira(lira, this.lang);
  }

  private renderWin(kurus: number) {
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

  private toggleSound() {
    const on = this.sound.toggle();
    this.soundButton.replaceChildren(icon(on ? ICONS.soundOn : ICONS.soundOff));
    const label = on ? this.t.soundOff : this.t.soundOn;
    this.soundButton.setAttribute('aria-label', label);
    this.soundButton.title = label;
    this.soundButton.classList.toggle('is-on', on);
    if (on) this.sound.click();
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

  /** One round; false when it could not be played (error, not enough balance). */
  async spin(): Promise<boolean> {
    if (this.busy) return false;
    const bet = this.bet;
    this.skip = false;
    this.setBusy(true);
    this.sound.click();
    this.reels.clearWins();
    this.hideBanner();
    this.renderWin(0);
    this.say(this.t.goodLuck);
    this.live.textContent = '';
    // The reels start at once and run while the server answers, unless the bet looks above the
    // balance: then the server's answer decides first, so a refused bet moves nothing.
    const affordable = bet <= Math.round(this.balance * 100);
    if (affordable) {
      this.reels.start(this.info.baseReels);
      this.renderBalance(this.balance - bet / 100);
    }
    let result;
    try {
      result = await this.api.spin(bet);
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
      if (e instanceof NetworkError) this.say(this.t.networkError, 'error');
      else if (e instanceof ApiError && e.status === 401) {
        this.root.dispatchEvent(new CustomEvent('session-lost'));
      } else {
        // A refused bet carries the balance it was refused for.
        const balance =
          e instanceof ApiError
            ? (e.data as { balance?: unknown } | undefined)?.balance
            : undefined;
        if (typeof balance === 'number') {
          this.balance = balance;
          this.renderBalance(balance);
        }
        this.say(e instanceof ApiError ? e.message : this.t.networkError, 'error');
      }
      return false;
    }
    this.fair = result.fair;
    if (!affordable) this.reels.start(this.info.baseReels);
    const round = presentRound(result.outcome, this.info, result.bet || bet);
    const winKurus = result.win ?? round.total;
    // The balance after the bet, until the win is paid at the end of the presentation.
    this.renderBalance(result.balance - winKurus / 100);
    for (const step of round.spins) {
      await this.playSpin(step, round.spins.length > 1, step.index === 0);
    }
    if (round.spins.length > 1) {
      this.hideBanner();
      if (round.total > 0) await this.celebrate(this.t.totalWin, round.total, 'big');
    } else if (winKurus > 0) {
      const tier = winTier(winKurus, bet);
      if (tier === 'big' || tier === 'mega')
        await this.celebrate(tier === 'mega' ? this.t.megaWin : this.t.bigWin, winKurus, tier);
    }
    this.balance = result.balance;
    this.renderBalance(this.balance);
    this.lastWin = winKurus;
    this.renderWin(this.lastWin);
    if (winKurus > 0) this.say(`${this.t.youWon} ${formatKurus(winKurus, this.lang)}`, 'win', true);
    else this.say(this.t.noWin, 'info', true);
    this.setBusy(false);
    this.root.dispatchEvent(new CustomEvent('balance', { detail: this.balance }));
    return true;
  }

  private async playSpin(step: SpinPresentation, feature: boolean, started: boolean) {
    if (started) await this.reels.land(step.grid, (r) => this.sound.reelStop(r), this.info.scatter);
    if (!started && step.freeSpin) {
      this.showBanner(this.t.freeSpinOf(step.freeSpinNumber, step.freeSpinsTotal), step.multiplier);
      await wait(this.skip ? 80 : 420);
    }
    if (!started) {
      const strips = step.freeSpin ? this.info.freeReels : this.info.baseReels;
      await this.reels.spin(step.grid, strips, (r) => this.sound.reelStop(r), this.skip);
    }
    const cells: [number, number][] = [];
    step.lines.forEach((l) => cells.push(...l.cells));
    if (step.scatter) cells.push(...step.scatter.cells);
    if (cells.length > 0) {
      this.reels.showWins(
        cells,
        step.lines.map((l) => ({ rows: this.info.paylines[l.line] ?? [], index: l.line })),
      );
    }
    if (step.amount > 0) {
      const tier = winTier(step.amount, this.bet);
      this.sound.win(tier === 'none' ? 'small' : tier);
      this.say(this.describe(step), 'win');
      await this.countUp(step.runningTotal - step.amount, step.runningTotal, feature ? 700 : 900);
    }
    // Several wins: each payline once on its own, then all of them again.
    if (step.lines.length > 1 && !feature && !this.skip && this.autoplay === 0) {
      for (const l of step.lines) {
        if (this.skip) break;
        this.reels.showWins(l.cells, [{ rows: this.info.paylines[l.line] ?? [], index: l.line }]);
        this.say(this.describe({ ...step, lines: [l], scatter: null }), 'win');
        await wait(800);
      }
      this.reels.showWins(
        cells,
        step.lines.map((l) => ({ rows: this.info.paylines[l.line] ?? [], index: l.line })),
      );
      this.say(this.describe(step), 'win');
    }
    if (step.awarded > 0) {
      this.sound.feature();
      this.live.textContent = step.retrigger
        ? this.t.freeSpinsMore(step.awarded)
        : this.t.freeSpinsWon(step.awarded);
      await this.celebrate(
        step.retrigger ? this.t.freeSpinsMore(step.awarded) : this.t.freeSpinsWon(step.awarded),
        null,
        'feature',
      );
    } else if (step.amount > 0) {
      await wait(this.skip ? 150 : feature ? 700 : 500);
    }
  }

  private describe(step: SpinPresentation): string {
    const name = (id: number) => {
      const s = this.info.symbols.find((x) => x.id === id);
      return s ? s.name[this.lang] || s.name.en : '';
    };
    const parts = step.lines.map(
      (l) =>
        `${this.t.lineWin(l.line + 1, l.count, name(l.symbol))} = ${formatKurus(l.amount, this.lang)}`,
    );
    if (step.scatter && step.scatter.amount > 0 && this.info.scatter != null) {
      parts.push(
        `${this.t.scatterWin(step.scatter.cells.length, name(this.info.scatter))} = ${formatKurus(step.scatter.amount, this.lang)}`,
      );
    }
    if (parts.length > 2)
      return `${this.t.winsOn(parts.length)}: ${formatKurus(step.amount, this.lang)}`;
    return parts.join(' · ');
  }

  private showBanner(text: string, multiplier: number) {
    this.banner.replaceChildren(h('span', { class: 'banner__text', text }));
    if (multiplier > 1)
      this.banner.append(h('span', { class: 'banner__mult', text: `×${multiplier}` }));
    this.banner.hidden = false;
    this.machine.classList.add('is-feature');
  }

  private hideBanner() {
    this.banner.hidden = true;
    this.machine.classList.remove('is-feature');
  }

  /** Counts the win meter from `from` to `to` kurus. */
  private countUp(from: number, to: number, ms: number): Promise<void> {
    return this.effects.countUp((kurus) => this.renderWin(kurus), from, to, ms);
  }

  /** A big overlay over the reels: a title and an amount counting up (or a feature's title). */
  private celebrate(title: string, amount: number | null, kind: CelebrationKind): Promise<void> {
    return this.effects.celebrate(title, amount, kind);
  }

  /** The seed state after a change in the fairness panel. */
  setFair(fair: Fair) {
    this.fair = fair;
  }
}
