/**
 * The line slot's reel window: 5 columns of 3 cells (the shared ReelWindow: drawn from the sprite,
 * spun with requestAnimationFrame and CSS transforms, see motion.ts: the reels start at once, run
 * while the server answers, then brake onto the result left to right), the passing symbols from
 * the reel strips, win highlights and the payline overlay. With prefers-reduced-motion the symbols
 * change in place, reel by reel.
 */
import { BRAKE_CELLS, SPEED, brakeDuration, runDistance } from './motion';
import { CELL, lineColour, paylinePoints, pointsAttr } from './paylines';
import { ReelWindow, type Column, type Motion } from './reel-window';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A line slot's reel in motion (k: the strip index at the top row). */
interface LineMotion extends Motion {
  /** Brake phase: k when braking began. */
  kb: number;
}

export class Reels extends ReelWindow<LineMotion> {
  private overlay: SVGSVGElement;
  private strips: number[][] | undefined;

  constructor(
    private readonly rows: number,
    initial: number[][],
    private readonly symbolIds: number[],
  ) {
    super(initial, 'reels', 'reel', 'cell');
    this.set(initial);
    this.overlay = document.createElementNS(SVG_NS, 'svg');
    this.overlay.setAttribute('class', 'paylines');
    this.overlay.setAttribute('viewBox', `0 0 ${initial.length * CELL} ${rows * CELL}`);
    this.overlay.setAttribute('preserveAspectRatio', 'none');
    this.overlay.setAttribute('aria-hidden', 'true');
    this.element.append(this.overlay);
  }

  protected fill(col: Column, symbols: number[]) {
    this.rest(col, symbols, 100 / this.rows);
  }

  /** Puts `ids` on a column's strip (k: the index at the top row). */
  private lay(col: Column, ids: number[], k: number) {
    const cells = ids.map((id) => this.cell(id));
    const n = cells.length;
    col.strip.replaceChildren(...cells);
    col.strip.style.height = `${(n / this.rows) * 100}%`;
    cells.forEach((c) => (c.style.height = `${100 / n}%`));
    this.place(col, k, n);
  }

  private place(col: Column, k: number, n: number) {
    col.strip.style.transform = `translate3d(0, ${(-k / n) * 100}%, 0)`;
  }

  /** A passing symbol: from the reel's strip when known. */
  protected passing(reel: number): number {
    const strip = this.strips?.[reel];
    if (strip && strip.length > 0) return strip[Math.floor(Math.random() * strip.length)];
    return this.symbolIds[Math.floor(Math.random() * this.symbolIds.length)];
  }

  /**
   * Starts every reel at once; they run until `land` gives the result. `strips`: the reel strips
   * the passing symbols come from.
   */
  start(strips: number[][] | undefined, fast = false): void {
    this.strips = strips;
    this.startAll(fast);
  }

  /** Spins to `grid` in one go (a free spin): start and land. */
  spin(
    grid: number[][],
    strips: number[][] | undefined,
    onStop: (reel: number) => void,
    fast = false,
  ): Promise<void> {
    this.start(strips, fast);
    return this.land(grid, onStop);
  }

  protected run(col: Column, ids: number[], now: number): LineMotion {
    const k0 = ids.length - this.rows;
    this.lay(col, ids, k0);
    return { ...this.startMotion(ids, k0, now), kb: 0 };
  }

  protected runCells(ms: number): number {
    return runDistance(ms, SPEED);
  }

  protected placeRun(col: Column, m: LineMotion, k: number) {
    this.place(col, k, m.ids.length);
  }

  /** Brake: the final symbols go above what is on screen, with a few passing between. */
  protected brake(m: LineMotion, col: Column, k: number, now: number, speed: number, reel: number) {
    const top = Math.floor(k);
    const view = m.ids.slice(top, top + this.rows + 1);
    const between = Array.from({ length: BRAKE_CELLS }, () => this.passing(reel));
    m.ids = [this.passing(reel), ...(m.grid ?? []), ...between, ...view];
    m.kb = 1 + this.rows + BRAKE_CELLS + (k - top);
    m.distance = m.kb - 1;
    m.tb = now;
    m.duration = brakeDuration(m.distance, speed);
    m.phase = 'brake';
    this.lay(col, m.ids, m.kb);
  }

  protected placeBrake(col: Column, m: LineMotion, cells: number) {
    this.place(col, m.kb - cells, m.ids.length);
  }

  /** Highlights the cells of wins, dims the others, and draws the given paylines. */
  showWins(cells: [number, number][], lines: { rows: number[]; index: number }[]): void {
    if (!this.light(cells)) return;
    lines.forEach(({ rows, index }) => {
      const line = document.createElementNS(SVG_NS, 'polyline');
      line.setAttribute('points', pointsAttr(paylinePoints(rows)));
      line.setAttribute('stroke', lineColour(index));
      line.setAttribute('class', 'payline');
      line.setAttribute('vector-effect', 'non-scaling-stroke');
      const shadow = line.cloneNode() as SVGPolylineElement;
      shadow.setAttribute('class', 'payline payline--shadow');
      shadow.setAttribute('stroke', '#000');
      this.overlay.append(shadow, line);
    });
  }

  clearWins(): void {
    super.clearWins();
    this.overlay.replaceChildren();
  }
}
