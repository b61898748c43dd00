/**
 * The reel window: 5 columns of 3 cells drawn from the sprite, spun with requestAnimationFrame and
 * CSS transforms (see motion.ts: the reels start at once, run while the server answers, then brake
 * onto the result left to right), win highlights and the payline overlay. With
 * prefers-reduced-motion the symbols change in place, reel by reel.
 */
import { symbolSvg } from './art/sprite';
import {
  ANTICIPATION_MS,
  BRAKE_CELLS,
  FAST_SPEED,
  FAST_STAGGER_MS,
  MIN_SPIN_MS,
  SPEED,
  STAGGER_MS,
  anticipation,
  brakeDuration,
  brakePosition,
  runDistance,
  wrap,
} from './motion';
import { CELL, lineColour, paylinePoints, pointsAttr } from './paylines';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Cells of the repeating pattern a running reel shows, and how often it repeats on the strip. */
const PATTERN = 10;
const REPEAT = 4;

interface Column {
  reel: HTMLElement;
  strip: HTMLElement;
  /** The cells on screen, top to bottom (at rest). */
  cells: HTMLElement[];
}

/** A reel in motion: its strip's ids and where it is (k: the strip index at the top row). */
interface Motion {
  ids: number[];
  phase: 'run' | 'brake' | 'done';
  /** Run phase: k at the start, and the start time. */
  k0: number;
  t0: number;
  /** Brake phase: k when braking began, distance, start and duration. */
  kb: number;
  distance: number;
  tb: number;
  duration: number;
  /** When this reel may start braking (once the result is known). */
  brakeAt: number;
  grid: number[] | null;
  /** Held back because two scatters have landed to its left (glows until it stops). */
  tease: boolean;
}

export const reducedMotion = (): boolean =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function cell(id: number): HTMLElement {
  const el = document.createElement('div');
  el.className = 'cell';
  el.dataset.symbol = String(id);
  el.append(symbolSvg(id));
  return el;
}

export class Reels {
  readonly element: HTMLElement;
  private columns: Column[] = [];
  private overlay: SVGSVGElement;
  private grid: number[][];
  private motions: Motion[] = [];
  private running = false;
  private fast = false;
  private strips: number[][] | undefined;
  private onStop: (reel: number) => void = () => {};
  private landed: (() => void) | null = null;

  constructor(
    private readonly rows: number,
    initial: number[][],
    private readonly symbolIds: number[],
  ) {
    this.element = document.createElement('div');
    this.element.className = 'reels';
    this.grid = initial;
    initial.forEach((column) => {
      const reel = document.createElement('div');
      reel.className = 'reel';
      const strip = document.createElement('div');
      strip.className = 'strip';
      reel.append(strip);
      this.element.append(reel);
      const col: Column = { reel, strip, cells: [] };
      this.columns.push(col);
      this.fill(col, column);
    });
    this.overlay = document.createElementNS(SVG_NS, 'svg');
    this.overlay.setAttribute('class', 'paylines');
    this.overlay.setAttribute('viewBox', `0 0 ${initial.length * CELL} ${rows * CELL}`);
    this.overlay.setAttribute('preserveAspectRatio', 'none');
    this.overlay.setAttribute('aria-hidden', 'true');
    this.element.append(this.overlay);
  }

  /** Shows `symbols` on a column at rest. */
  private fill(col: Column, symbols: number[]) {
    col.cells = symbols.map(cell);
    col.strip.replaceChildren(...col.cells);
    col.strip.style.height = '100%';
    col.strip.style.transform = '';
    col.cells.forEach((c) => (c.style.height = `${100 / this.rows}%`));
  }

  /** Puts `ids` on a column's strip (k: the index at the top row). */
  private lay(col: Column, ids: number[], k: number) {
    const cells = ids.map(cell);
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
  private passing(reel: number): number {
    const strip = this.strips?.[reel];
    if (strip && strip.length > 0) return strip[Math.floor(Math.random() * strip.length)];
    return this.symbolIds[Math.floor(Math.random() * this.symbolIds.length)];
  }

  /**
   * Starts every reel at once; they run until `land` gives the result. `strips`: the reel strips
   * the passing symbols come from.
   */
  start(strips: number[][] | undefined, fast = false): void {
    this.clearWins();
    this.strips = strips;
    this.fast = fast;
    if (reducedMotion()) return;
    const now = performance.now();
    this.motions = this.columns.map((col, r) => {
      const pattern = Array.from({ length: PATTERN }, () => this.passing(r));
      const current = col.cells.map((c) => Number(c.dataset.symbol));
      const ids = [...Array.from({ length: REPEAT }, () => pattern).flat(), ...current];
      const k0 = ids.length - this.rows;
      this.lay(col, ids, k0);
      col.reel.classList.add('is-spinning');
      return {
        ids,
        phase: 'run',
        k0,
        t0: now,
        kb: 0,
        distance: 0,
        tb: 0,
        duration: 0,
        brakeAt: Infinity,
        grid: null,
        tease: false,
      };
    });
    this.running = true;
    requestAnimationFrame((t) => this.frame(t));
  }

  /**
   * Lands the running reels on `grid`, left to right; `onStop(reel)` as each lands. Resolves when
   * all have landed.
   */
  land(
    grid: number[][],
    onStop: (reel: number) => void,
    scatter: number | null = null,
  ): Promise<void> {
    this.grid = grid;
    this.onStop = onStop;
    if (reducedMotion() || !this.running) return this.swap(grid, onStop);
    const now = performance.now();
    const stagger = this.fast ? FAST_STAGGER_MS : STAGGER_MS;
    const min = this.fast ? 60 : MIN_SPIN_MS;
    const waits = anticipation(grid, scatter, this.fast ? 0 : ANTICIPATION_MS);
    this.motions.forEach((m, r) => {
      m.grid = grid[r];
      m.brakeAt = Math.max(now, m.t0 + min) + r * stagger + waits[r];
      m.tease = waits[r] > 0;
    });
    return new Promise((resolve) => (this.landed = resolve));
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

  /** Hurries the reels: every reel not yet braking brakes now, briskly. */
  hurry(): void {
    if (!this.running) return;
    this.fast = true;
    const now = performance.now();
    this.motions.forEach((m, r) => {
      if (m.grid && m.phase === 'run') m.brakeAt = Math.min(m.brakeAt, now + r * FAST_STAGGER_MS);
    });
  }

  get spinning(): boolean {
    return this.running;
  }

  private frame(now: number) {
    if (!this.running) return;
    const speed = this.fast ? FAST_SPEED : SPEED;
    this.motions.forEach((m, r) => {
      const col = this.columns[r];
      if (m.tease && m.phase === 'run' && r > 0 && this.motions[r - 1].phase === 'done') {
        col.reel.classList.add('is-teasing');
      }
      if (m.phase === 'run') {
        // The strip repeats its pattern above what was on screen: past its top, jump back a
        // whole pattern, which shows the same symbols.
        const raw = m.k0 - runDistance(now - m.t0, SPEED);
        const k = raw >= 1 ? raw : wrap(raw, 1, PATTERN);
        if (m.grid && now >= m.brakeAt) {
          // Brake: the final symbols go above what is on screen, with a few passing between.
          const top = Math.floor(k);
          const view = m.ids.slice(top, top + this.rows + 1);
          const between = Array.from({ length: BRAKE_CELLS }, () => this.passing(r));
          m.ids = [this.passing(r), ...m.grid, ...between, ...view];
          m.kb = 1 + this.rows + BRAKE_CELLS + (k - top);
          m.distance = m.kb - 1;
          m.tb = now;
          m.duration = brakeDuration(m.distance, speed);
          m.phase = 'brake';
          this.lay(col, m.ids, m.kb);
          return;
        }
        this.place(col, k, m.ids.length);
      } else if (m.phase === 'brake') {
        const u = (now - m.tb) / m.duration;
        if (u >= 1) {
          m.phase = 'done';
          col.reel.classList.remove('is-spinning', 'is-teasing');
          this.fill(col, m.grid ?? []);
          this.onStop(r);
          return;
        }
        this.place(col, m.kb - brakePosition(u, m.distance), m.ids.length);
      }
    });
    if (this.motions.every((m) => m.phase === 'done')) {
      this.running = false;
      const done = this.landed;
      this.landed = null;
      done?.();
      return;
    }
    requestAnimationFrame((t) => this.frame(t));
  }

  /** Reduced motion (or not running): each reel changes in place, left to right. */
  private async swap(grid: number[][], onStop: (reel: number) => void): Promise<void> {
    for (let r = 0; r < this.columns.length; r++) {
      await new Promise((ok) => setTimeout(ok, this.fast ? 30 : 90));
      this.fill(this.columns[r], grid[r]);
      onStop(r);
    }
  }

  /** Shows a grid at once. */
  set(grid: number[][]): void {
    this.grid = grid;
    this.columns.forEach((col, r) => this.fill(col, grid[r]));
  }

  /** Highlights the cells of wins, dims the others, and draws the given paylines. */
  showWins(cells: [number, number][], lines: { rows: number[]; index: number }[]): void {
    this.clearWins();
    if (cells.length === 0) return;
    this.element.classList.add('has-wins');
    cells.forEach(([reel, row]) => this.columns[reel]?.cells[row]?.classList.add('is-win'));
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
    this.element.classList.remove('has-wins');
    this.overlay.replaceChildren();
    this.columns.forEach((col) => col.cells.forEach((c) => c.classList.remove('is-win')));
  }

  get current(): number[][] {
    return this.grid;
  }
}
