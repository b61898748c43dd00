/**
 * The line slot's screen (on the shared slot screen, slot-screen.ts: top bar, reels, meters and
 * controls, the round loop) and its round: reels land → wins shown spin by spin, paylines drawn →
 * free spins under their banner → total. Panels (info, fairness) live in panels.ts.
 */
import type { GameApi } from '../kit/api';
import { h } from '../kit/dom';
import { formatKurus } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { openInfo, slotVerifyView } from './panels';
import { presentRound, type SpinPresentation } from './present';
import { Reels } from './reels';
import { SlotScreen, wait } from './slot-screen';
import type { Outcome, SessionData, SlotInfo, SpinData } from './types';

export class Game extends SlotScreen<SlotInfo, SpinData> {
  protected readonly reels: Reels;
  private banner = h('div', { class: 'banner', hidden: true });

  constructor(root: HTMLElement, api: GameApi, session: SessionData, lang: Lang, t: Dict) {
    super(root, api, session, lang, t);
    const symbolIds = this.info.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
    this.reels = new Reels(this.info.rows, this.startGrid(), symbolIds);
    this.mount<Outcome>({
      machineClass: 'machine',
      frameClass: 'machine__frame',
      overlay: this.banner,
      openInfo: () => openInfo(this),
      verifyView: () => slotVerifyView(this),
    });
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

  protected startReels() {
    this.reels.start(this.info.baseReels);
  }

  protected clearFeature() {
    this.hideBanner();
  }

  protected request(bet: number): Promise<SpinData> {
    return this.gameApi.spinAs<SpinData>(bet);
  }

  protected async playRound(result: SpinData, bet: number): Promise<number> {
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
    } else if (winKurus > 0) await this.celebrateWin(winKurus, bet);
    return winKurus;
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
    const lineOf = (line: number) => ({ rows: this.info.paylines[line] ?? [], index: line });
    if (cells.length > 0) {
      this.reels.showWins(
        cells,
        step.lines.map((l) => lineOf(l.line)),
      );
    }
    if (step.amount > 0) {
      await this.countWin(this.describe(step), step.amount, step.runningTotal, feature);
    }
    // Several wins: each payline once on its own, then all of them again.
    await this.eachWin(step.lines, feature, 800, (l) => {
      if (l) {
        this.reels.showWins(l.cells, [lineOf(l.line)]);
        this.say(this.describe({ ...step, lines: [l], scatter: null }), 'win');
      } else {
        this.reels.showWins(
          cells,
          step.lines.map((x) => lineOf(x.line)),
        );
        this.say(this.describe(step), 'win');
      }
    });
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
      await this.afterWin(feature);
    }
  }

  private describe(step: SpinPresentation): string {
    const parts = step.lines.map(
      (l) =>
        `${this.t.lineWin(l.line + 1, l.count, this.symbolName(l.symbol))} = ${formatKurus(l.amount, this.lang)}`,
    );
    if (step.scatter && step.scatter.amount > 0 && this.info.scatter != null) {
      parts.push(
        `${this.t.scatterWin(step.scatter.cells.length, this.symbolName(this.info.scatter))} = ${formatKurus(step.scatter.amount, this.lang)}`,
      );
    }
    return this.winsText(parts, step.amount);
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
}
