/**
 * The ways slot's screen (Kapadokya Ways), on the line slot's shared screen (slot-screen.ts: the
 * top bar, the meters and controls, the round loop, the effects, sound and fairness): the ways
 * count and free-spin banner over six reels of changing heights, and its round (reels land → the
 * ways count → wins lit and counted spin by spin → free spins played out → jackpots → total). The
 * info panel and the verify view are the ways slot's own (panels.ts beside this file).
 */
import type { GameApi } from '../kit/api';
import { h } from '../kit/dom';
import { formatKurus, formatLira } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { SlotScreen, wait } from '../slots/slot-screen';
import { waysDict, type WaysDict } from './i18n';
import { formatWays, litCells, presentWays, startGrid, waysCount, type WaysStep } from './logic';
import { openWaysInfo, waysVerifyView } from './panels';
import { WaysReels } from './reels';
import type { WaysInfo, WaysOutcome, WaysSession, WaysSpinData } from './types';

export class WaysGame extends SlotScreen<WaysInfo, WaysSpinData> {
  readonly wt: WaysDict;
  protected readonly reels: WaysReels;
  /** The ways of the screen ('117.649 YOL'). */
  private waysNumber = h('span', { class: 'wcount__n' });
  private waysEl: HTMLElement;
  /** The free spins left and their multiplier, shown while free spins play. */
  private freeLeft = h('b', { class: 'wfree__n' });
  private freeMult = h('span', { class: 'wfree__mult', 'aria-hidden': 'true' });
  private freeMultSaid = h('span', { class: 'sr-only' });
  private freeEl: HTMLElement;

  constructor(root: HTMLElement, api: GameApi, session: WaysSession, lang: Lang, t: Dict) {
    super(root, api, session, lang, t);
    this.wt = waysDict(lang);

    const passing = this.info.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
    const first = startGrid(this.info);
    this.reels = new WaysReels(first, passing.length > 0 ? passing : [this.info.scatter]);

    this.waysEl = h(
      'p',
      { class: 'wcount' },
      this.waysNumber,
      ' ',
      h('span', { class: 'wcount__w', text: this.wt.waysTag }),
    );
    this.freeEl = h(
      'p',
      { class: 'wfree', hidden: true },
      h('span', { class: 'wfree__label', text: this.wt.freeLeftLabel }),
      h('span', { class: 'wfree__short', 'aria-hidden': 'true', text: this.wt.freeLeftShort }),
      this.freeLeft,
      this.freeMult,
      this.freeMultSaid,
    );
    this.mount<WaysOutcome>({
      machineClass: 'machine machine--ways',
      frameClass: 'machine__frame wframe',
      hud: h('div', { class: 'whud' }, this.waysEl, this.freeEl),
      openInfo: () => openWaysInfo(this),
      verifyView: () => waysVerifyView(this),
    });
    this.renderWays(first.map((c) => c.length));
  }

  /** A (possibly fractional) number of kurus as lira: `0,005 ₺` where a pay is below a kurus. */
  money(kurus: number): string {
    const whole = Math.abs(kurus - Math.round(kurus)) < 1e-6;
    return formatLira((whole ? Math.round(kurus) : kurus) / 100, this.lang, whole ? 2 : 4);
  }

  private renderWays(heights: number[]) {
    const ways = formatWays(waysCount(heights), this.lang);
    this.waysNumber.textContent = ways;
    this.waysEl.title = this.wt.waysLabel(ways);
    this.waysEl.classList.remove('is-new');
    // Restart the little pop of a new count (a reflow between the two class changes).
    void this.waysEl.offsetWidth;
    this.waysEl.classList.add('is-new');
  }

  /** The scatters on the screen that hold the last reels back (one short of free spins). */
  private get teaseAt(): number {
    const least = this.info.freeSpins.findIndex((n) => n > 0);
    return least > 1 ? least - 1 : 2;
  }

  protected startReels() {
    this.reels.start();
  }

  protected clearFeature() {
    this.hideFree();
  }

  protected request(bet: number): Promise<WaysSpinData> {
    return this.gameApi.spinAs<WaysSpinData>(bet);
  }

  protected async playRound(result: WaysSpinData, bet: number): Promise<number> {
    const round = presentWays(result.outcome, this.info, result.bet || bet);
    const winKurus = result.win ?? round.total;
    const jackpots = result.jackpots ?? [];
    const jackpotKurus = jackpots.reduce((a, j) => a + j.amount, 0);
    // The balance after the bet, until the wins are paid at the end of the presentation.
    this.renderBalance(result.balance - (winKurus + jackpotKurus) / 100);
    for (const step of round.steps) await this.playStep(step, round.steps.length > 1);
    this.hideFree();
    if (round.steps.length > 1) {
      if (winKurus > 0) await this.celebrate(this.t.totalWin, winKurus, 'big');
    } else if (winKurus > 0) await this.celebrateWin(winKurus, bet);
    for (const j of jackpots) {
      const label = `${j.jackpot} ${j.name}`.trim();
      this.live.textContent = this.wt.jackpotSaid(label, formatKurus(j.amount, this.lang));
      await this.celebrate(this.wt.jackpot(label), j.amount, 'mega');
    }
    return winKurus + jackpotKurus;
  }

  private async playStep(step: WaysStep, feature: boolean) {
    const onStop = (reel: number) => this.sound.reelStop(reel);
    if (step.index === 0) {
      await this.reels.land(step.grid, onStop, this.info.scatter, this.teaseAt);
    } else {
      this.showFree(step.freeSpinsLeft, step.multiplier);
      await wait(this.skip ? 80 : 420);
      await this.reels.spin(step.grid, onStop, this.skip);
    }
    this.renderWays(step.heights);
    const cells = litCells(step);
    if (cells.length > 0) this.reels.showWins(cells);
    if (step.amount > 0 || step.wins.length > 0) {
      await this.countWin(this.describe(step), step.amount, step.runningTotal, feature);
    }
    // Several wins: each on its own, then all of them again.
    await this.eachWin(step.wins, feature, 900, (w) => {
      this.reels.showWins(w ? w.cells : cells);
      this.say(this.describe(w ? { ...step, wins: [w] } : step), 'win');
    });
    if (step.awarded > 0) {
      this.sound.feature();
      this.live.textContent = this.wt.freeStart(step.awarded, this.info.freeSpinMultiplier);
      await this.celebrate(this.t.freeSpinsWon(step.awarded), null, 'feature');
    } else if (step.amount > 0 || step.wins.length > 0) {
      await this.afterWin(feature);
    }
  }

  private describe(step: Pick<WaysStep, 'wins' | 'amount'>): string {
    const parts = step.wins.map(
      (w) =>
        `${this.wt.winOf(w.reels, this.symbolName(w.symbol), formatWays(w.ways, this.lang))} = ${this.money(w.amount)}`,
    );
    return this.winsText(parts, step.amount);
  }

  private showFree(left: number, multiplier: number) {
    this.freeLeft.textContent = String(left);
    this.freeMult.textContent = multiplier > 1 ? `×${multiplier}` : '';
    this.freeMult.hidden = multiplier <= 1;
    this.freeMultSaid.textContent =
      multiplier > 1 ? `. ${this.wt.multiplierLabel(multiplier)}` : '';
    this.freeEl.hidden = false;
    this.machine.classList.add('is-feature');
  }

  private hideFree() {
    this.freeEl.hidden = true;
    this.machine.classList.remove('is-feature');
  }
}
