/**
 * A bet panel (two of them, slots 0 and 1): the amount (−, +, typed, quick amounts), the auto
 * cash-out switch with its target, and the main button: Bet while the round takes bets, Cash out
 * with the live win while it runs, then what became of the bet until the next round.
 */
import { ICONS, h, iconButton } from '../kit/dom';
import { formatKurus } from '../kit/format';
import type { Lang } from '../kit/i18n';
import type { CrashDict } from './i18n';
import {
  IDLE,
  QUICK_LIRA,
  mainAction,
  formatLimitX,
  formatX,
  panelReduce,
  parseAmount,
  parseTarget,
  stepAmount,
  twoDecimals,
  winOf,
  type PanelEvent,
  type PanelState,
} from './logic';
import type { CrashInfo, Phase } from './types';

export interface PanelHost {
  bet(panel: BetPanel): void;
  cashout(panel: BetPanel): void;
  say(text: string, kind: 'error' | 'info' | 'win'): void;
}

export class BetPanel {
  state: PanelState = IDLE;
  amount: number;
  auto = false;
  target = 2;
  readonly el: HTMLElement;
  private amountInput: HTMLInputElement;
  private lessBtn: HTMLButtonElement;
  private moreBtn: HTMLButtonElement;
  private quickBtns: HTMLButtonElement[] = [];
  private autoSwitch: HTMLButtonElement;
  private targetInput: HTMLInputElement;
  private main: HTMLButtonElement;
  private mainLabel = h('span', { class: 'cmain__label' });
  private mainValue = h('span', { class: 'cmain__value' });
  private phase: Phase = 'betting';
  private multiplier = 1;
  /** A bet for the next round, placed as its betting opens. */
  private queued = false;

  constructor(
    readonly slot: number,
    private readonly info: CrashInfo,
    private readonly lang: Lang,
    private readonly tt: CrashDict,
    private readonly host: PanelHost,
  ) {
    this.amount = Math.max(info.minBet, Math.min(info.maxBet, 100));
    const id = `cp${slot}`;
    this.lessBtn = iconButton('cstep', ICONS.minus, tt.less, () => this.step(-1));
    this.moreBtn = iconButton('cstep', ICONS.plus, tt.more, () => this.step(1));
    this.amountInput = h('input', {
      id: `${id}-amount`,
      class: 'cinput cinput--amount',
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      'aria-label': tt.amount,
    });
    this.amountInput.addEventListener('change', () => this.readAmount());
    this.amountInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.readAmount();
    });
    const quick = h('div', { class: 'cquick' });
    for (const lira of QUICK_LIRA) {
      const kurus = lira * 100;
      if (kurus < info.minBet || kurus > info.maxBet) continue;
      const b = h('button', {
        class: 'cquick__btn',
        type: 'button',
        'aria-label': tt.quick(formatKurus(kurus, lang)),
        text: String(lira),
      });
      b.addEventListener('click', () => this.setAmount(kurus));
      this.quickBtns.push(b);
      quick.append(b);
    }

    this.autoSwitch = h('button', {
      id: `${id}-auto`,
      class: 'cswitch',
      type: 'button',
      role: 'switch',
      'aria-checked': 'false',
    });
    this.autoSwitch.append(
      h('span', { class: 'cswitch__track', 'aria-hidden': 'true' }),
      h('span', { class: 'cswitch__text', text: tt.autoCashOut }),
    );
    this.autoSwitch.addEventListener('click', () => this.setAuto(!this.auto));
    this.targetInput = h('input', {
      id: `${id}-target`,
      class: 'cinput cinput--target',
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      'aria-label': tt.target,
    });
    this.targetInput.addEventListener('change', () => this.readTarget());
    this.targetInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.readTarget();
    });

    this.main = h('button', { class: 'cmain', type: 'button' }, this.mainLabel, this.mainValue);
    this.main.addEventListener('click', () => this.press());

    this.el = h(
      'section',
      { class: 'cpanel', 'aria-label': tt.panel(slot + 1) },
      h(
        'div',
        { class: 'cpanel__left' },
        h('div', { class: 'camount' }, this.lessBtn, this.amountInput, this.moreBtn),
        quick,
      ),
      this.main,
      h(
        'div',
        { class: 'cauto' },
        this.autoSwitch,
        h('span', { class: 'cauto__x', 'aria-hidden': 'true' }),
        this.targetInput,
      ),
    );
    this.showAmount();
    this.showTarget();
    this.setAuto(false);
    this.render();
  }

  private get locked(): boolean {
    return this.state.kind !== 'idle' || this.queued;
  }

  private step(dir: 1 | -1) {
    this.setAmount(stepAmount(this.amount, dir, this.info.minBet, this.info.maxBet));
  }

  setAmount(kurus: number) {
    this.amount = kurus;
    this.showAmount();
    this.render();
  }

  private showAmount() {
    this.amountInput.value = twoDecimals(this.amount / 100, this.lang);
    this.amountInput.removeAttribute('aria-invalid');
  }

  private showTarget() {
    this.targetInput.value = twoDecimals(this.target, this.lang);
    this.targetInput.removeAttribute('aria-invalid');
  }

  /** The typed amount, or the message of its limits (the last good amount kept). */
  private readAmount(): boolean {
    const kurus = parseAmount(this.amountInput.value, this.lang);
    if (kurus === null || kurus < this.info.minBet || kurus > this.info.maxBet) {
      this.amountInput.setAttribute('aria-invalid', 'true');
      this.host.say(
        this.tt.invalidAmount(
          formatKurus(this.info.minBet, this.lang),
          formatKurus(this.info.maxBet, this.lang),
        ),
        'error',
      );
      return false;
    }
    this.setAmount(kurus);
    return true;
  }

  private readTarget(): boolean {
    const x = parseTarget(this.targetInput.value, this.lang, this.info.maxMultiplier);
    if (x === null) {
      this.targetInput.setAttribute('aria-invalid', 'true');
      this.host.say(
        this.tt.invalidTarget(formatLimitX(this.info.maxMultiplier, this.lang)),
        'error',
      );
      return false;
    }
    this.target = x;
    this.showTarget();
    return true;
  }

  setAuto(on: boolean) {
    this.auto = on;
    this.autoSwitch.setAttribute('aria-checked', String(on));
    this.el.classList.toggle('is-auto', on);
    this.render();
  }

  setTarget(x: number) {
    this.target = x;
    this.showTarget();
  }

  /** The auto cash-out target of a bet placed now (null when off). */
  autoTarget(): number | null {
    return this.auto ? this.target : null;
  }

  private press() {
    switch (mainAction(this.state.kind, this.phase, this.queued)) {
      case 'bet':
        if (!this.readAmount()) return;
        if (this.auto && !this.readTarget()) return;
        this.host.bet(this);
        break;
      case 'queue':
        if (!this.readAmount()) return;
        if (this.auto && !this.readTarget()) return;
        this.queued = true;
        this.render();
        break;
      case 'unqueue':
        this.queued = false;
        this.render();
        break;
      case 'cashout':
        this.host.cashout(this);
        break;
      case null:
        break;
    }
  }

  /** The queued bet goes out as soon as this panel may bet in a round's betting phase. */
  private placeQueued() {
    if (this.queued && this.state.kind === 'idle' && this.phase === 'betting') {
      this.queued = false;
      this.host.bet(this);
    }
  }

  dispatch(event: PanelEvent): PanelState {
    const before = this.state;
    this.state = panelReduce(this.state, event);
    if (before !== this.state) {
      if (this.state.kind === 'placed' || this.state.kind === 'placing') {
        this.amount = this.state.amount;
        this.showAmount();
        if (this.state.auto !== null) {
          this.setTarget(this.state.auto);
          if (!this.auto) this.setAuto(true);
        }
      }
      this.render();
    }
    this.placeQueued();
    return this.state;
  }

  /** The round's phase and live multiplier (the button's text follows). */
  update(phase: Phase, multiplier: number) {
    if (phase === this.phase && multiplier === this.multiplier) return;
    const changedPhase = phase !== this.phase;
    this.phase = phase;
    this.multiplier = multiplier;
    if (changedPhase || this.state.kind === 'placed' || this.state.kind === 'cashing')
      this.render();
    if (changedPhase) this.placeQueued();
  }

  private render() {
    const s = this.state;
    const lang = this.lang;
    const tt = this.tt;
    let kind = 'bet';
    let label = tt.betAction;
    let value = formatKurus(this.amount, lang);
    let enabled = false;
    switch (s.kind) {
      case 'idle':
        if (this.phase === 'betting') enabled = true;
        else {
          label = tt.betNext;
          enabled = true;
        }
        break;
      case 'placing':
        kind = 'wait';
        label = tt.placing;
        value = formatKurus(s.amount, lang);
        break;
      case 'placed':
        if (this.phase === 'running') {
          kind = 'cash';
          label = tt.cashOut;
          value = formatKurus(winOf(s.amount, this.multiplier), lang);
          enabled = true;
        } else {
          kind = 'placed';
          label = tt.betPlaced;
          value = formatKurus(s.amount, lang);
        }
        break;
      case 'cashing':
        kind = 'cash';
        label = tt.cashing;
        value = formatKurus(winOf(s.amount, this.multiplier), lang);
        break;
      case 'cashed':
        kind = 'won';
        label = tt.cashedOut(formatX(s.cashOut, lang));
        value = `+${formatKurus(s.win, lang)}`;
        break;
      case 'lost':
        kind = 'lost';
        label = tt.lost;
        value = formatKurus(s.amount, lang);
        break;
    }
    if (this.queued) {
      // Waiting for the next round's betting: a second press takes the bet back.
      kind = 'queued';
      label = tt.queued;
      value = formatKurus(this.amount, lang);
      enabled = true;
    } else if ((s.kind === 'cashed' || s.kind === 'lost') && this.phase !== 'betting') {
      // What became of this round's bet stays in view; pressing bets on the next round.
      enabled = true;
    }
    this.main.dataset.kind = kind;
    this.el.dataset.state = s.kind;
    if (this.mainLabel.textContent !== label) this.mainLabel.textContent = label;
    if (this.mainValue.textContent !== value) this.mainValue.textContent = value;
    // aria-disabled, not disabled: the focus stays on the button while the round moves on.
    this.main.setAttribute('aria-disabled', String(!enabled));
    const locked = this.locked;
    for (const b of [this.lessBtn, this.moreBtn, ...this.quickBtns]) b.disabled = locked;
    this.lessBtn.disabled ||= this.amount <= this.info.minBet;
    this.moreBtn.disabled ||= this.amount >= this.info.maxBet;
    this.amountInput.disabled = locked;
    this.autoSwitch.disabled = locked;
    this.targetInput.disabled = locked || !this.auto;
  }
}
