/** The stage, drawn each frame: the flight graph, the multiplier, the crash, the countdown. */
import { h } from '../kit/dom';
import type { Lang } from '../kit/i18n';
import { Graph } from './graph';
import type { CrashDict } from './i18n';
import { formatX, multiplierAt, secondsLeft, shownElapsed, timeFor } from './logic';
import type { CrashInfo, Phase } from './types';

export interface Round {
  id: number;
  phase: Phase;
  startAt: number;
  crashPoint: number | null;
}

export interface LastCrash {
  roundId: number;
  crashPoint: number;
  /** Server time of the crash. */
  at: number;
}

/** The last tick of the running round: its elapsed time at its server time. */
export interface LastTick {
  elapsedMs: number;
  at: number;
}

/** What a frame draws from. */
export interface StageFrame {
  round: Round | null;
  lastTick: LastTick | null;
  lastCrash: LastCrash | null;
  /** The server's time now. */
  serverNow: number;
  /** The animation frame's time (ms). */
  clock: number;
}

export class Stage {
  readonly el = h('div', { class: 'cstage' });
  private readonly reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  private readonly graph: Graph;
  /** The running round's elapsed time drawn so far (the curve never runs back). */
  private shown = 0;
  private multEl = h('p', { class: 'cmult', 'aria-hidden': 'true' });
  private statusEl = h('p', { class: 'cstatus' });
  private countdownEl = h('p', { class: 'ccount' });
  private progressEl = h('span', { class: 'cprogress__bar' });
  private progress = h('div', { class: 'cprogress', 'aria-hidden': 'true' }, this.progressEl);
  private connEl = h('p', { class: 'cconn', role: 'status' });

  constructor(
    private readonly info: CrashInfo,
    private readonly lang: Lang,
    private readonly tt: CrashDict,
  ) {
    this.graph = new Graph(this.el);
    this.el.append(
      h(
        'div',
        { class: 'cstage__center' },
        this.multEl,
        this.statusEl,
        this.countdownEl,
        this.progress,
      ),
      this.connEl,
    );
    this.connEl.hidden = true;
  }

  /** A new round: its flight is drawn from the start. */
  restart() {
    this.shown = 0;
  }

  /** The notice that the feed dropped and is reconnecting, shown or hidden. */
  reconnecting(on: boolean) {
    if (on) this.connEl.textContent = this.tt.reconnecting;
    this.connEl.hidden = !on;
  }

  /** Draws a frame; returns the multiplier shown (1 before the flight). */
  draw({ round, lastTick: tick, lastCrash: last, serverNow, clock }: StageFrame): number {
    const growth = this.info.growth;
    const reduced = this.reduced?.matches ?? false;
    let phase: Phase = round?.phase ?? 'betting';
    let multiplier = 1;
    let elapsed = 0;
    let sinceCrash = 0;
    let status = '';
    let count = '';
    let progress = -1;
    let big = '';

    const showCrash =
      phase === 'crashed' ||
      (phase === 'betting' && last !== null && serverNow < last.at + this.info.pauseMs);
    if (round && phase === 'running') {
      const start = tick ? tick.at - tick.elapsedMs : round.startAt;
      elapsed = this.shown = Math.max(this.shown, shownElapsed(serverNow, start, tick));
      multiplier = multiplierAt(elapsed, growth);
      big = formatX(multiplier, this.lang);
    } else if (showCrash && last) {
      phase = 'crashed';
      multiplier = last.crashPoint;
      elapsed = timeFor(last.crashPoint, growth);
      sinceCrash = Math.max(0, serverNow - last.at);
      status = this.tt.flewAway(formatX(last.crashPoint, this.lang));
    }
    if (round && round.phase === 'betting') {
      const left = secondsLeft(round.startAt, serverNow);
      count = left > 0 ? this.tt.countdown(left) : this.tt.starting;
      progress = Math.max(0, Math.min(1, (round.startAt - serverNow) / this.info.bettingMs));
    }
    if (!round) count = this.tt.connecting;

    this.el.dataset.phase = phase;
    setText(this.multEl, big);
    this.multEl.hidden = !big;
    setText(this.statusEl, status);
    this.statusEl.hidden = !status;
    setText(this.countdownEl, count);
    this.countdownEl.hidden = !count;
    this.progress.hidden = progress < 0;
    if (progress >= 0) this.progressEl.style.transform = `scaleX(${progress})`;
    this.graph.draw({ phase, elapsed, multiplier, growth, sinceCrash, reduced, clock });
    return multiplier;
  }
}

function setText(el: HTMLElement, text: string) {
  if (el.textContent !== text) el.textContent = text;
}
