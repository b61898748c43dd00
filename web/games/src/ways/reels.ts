/**
 * The ways slot's reel window: six columns whose heights change every spin (2 to 7 cells, each
 * cell scaled to fill its reel's height), drawn from the symbol sprite and spun with the shared
 * motion (motion.ts: the reels start at once, run while the server answers, then brake onto the
 * result left to right). A running reel keeps its old cell size; braking, the new cells (of the
 * new height) come down from above onto the stop. Positions are in reel heights (1 = the reel's
 * visible height) over a strip of cells of mixed sizes. With prefers-reduced-motion the symbols
 * change in place, reel by reel.
 */
import { symbolSvg } from '../art/sprite';
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
} from '../motion';
import { reducedMotion } from '../reels';
import { offsetAt, reelLayout, stripOffsets, type Cell } from './logic';

/** motion.ts counts cells of a 3-row reel: its speeds divided by this are reel heights a second. */
const BASE_ROWS = 3;
/** Cells of the repeating pattern a running reel shows, and how often it repeats on the strip. */
const PATTERN = 10;
const REPEAT = 4;

interface Column {
  reel: HTMLElement;
  strip: HTMLElement;
  /** The cells on screen, top to bottom (at rest). */
  cells: HTMLElement[];
  ids: number[];
}

interface Motion {
  ids: number[];
  /** Each strip cell's top, in reel heights (and the strip's end). */
  offsets: number[];
  phase: 'run' | 'brake' | 'done';
  /** The height of the cells running past (the reel's height before the spin). */
  runRows: number;
  /** Run phase: the strip index at the top at the start, and the start time. */
  k0: number;
  t0: number;
  /** Brake phase: the position (reel heights) when braking began, the distance (in cells of the
   *  new height), start and duration, and the new height. */
  landRows: number;
  pStart: number;
  distance: number;
  tb: number;
  duration: number;
  brakeAt: number;
  grid: number[] | null;
  tease: boolean;
}

function cell(id: number): HTMLElement {
  const el = document.createElement('div');
  el.className = 'cell wcell';
  el.dataset.symbol = String(id);
  el.append(symbolSvg(id));
  return el;
}

export class WaysReels {
  readonly element: HTMLElement;
  private columns: Column[] = [];
  private grid: number[][];
  private motions: Motion[] = [];
  private running = false;
  private fast = false;
  private onStop: (reel: number) => void = () => {};
  private landed: (() => void) | null = null;

  constructor(
    initial: number[][],
    /** What a running reel shows passing by. */
    private readonly passingIds: number[],
  ) {
    this.element = document.createElement('div');
    this.element.className = 'reels wreels';
    this.grid = initial;
    initial.forEach((column) => {
      const reel = document.createElement('div');
      reel.className = 'reel wreel';
      const strip = document.createElement('div');
      strip.className = 'strip';
      reel.append(strip);
      this.element.append(reel);
      const col: Column = { reel, strip, cells: [], ids: [] };
      this.columns.push(col);
      this.fill(col, column);
    });
  }

  /** Shows `ids` on a column at rest, each cell 1/n of the reel. */
  private fill(col: Column, ids: number[]) {
    col.ids = ids;
    col.cells = ids.map(cell);
    col.strip.replaceChildren(...col.cells);
    col.strip.style.height = '100%';
    col.strip.style.transform = '';
    col.reel.dataset.rows = String(ids.length);
    const { size } = reelLayout(Math.max(1, ids.length));
    col.cells.forEach((c) => (c.style.height = `${size}%`));
  }

  /** Puts cells of the given sizes (reel heights) on a column's strip; answers their offsets. */
  private lay(col: Column, ids: number[], sizes: number[]): number[] {
    const offsets = stripOffsets(sizes);
    const total = offsets[offsets.length - 1];
    const cells = ids.map(cell);
    col.strip.replaceChildren(...cells);
    col.strip.style.height = `${total * 100}%`;
    cells.forEach((c, i) => (c.style.height = `${(sizes[i] / total) * 100}%`));
    return offsets;
  }

  /** Shows a strip from position `p` (reel heights from its top). */
  private place(col: Column, p: number, offsets: number[]) {
    const total = offsets[offsets.length - 1];
    col.strip.style.transform = `translate3d(0, ${(-p / total) * 100}%, 0)`;
  }

  private passing(): number {
    return this.passingIds[Math.floor(Math.random() * this.passingIds.length)];
  }

  /** Starts every reel at once; they run until `land` gives the result. */
  start(fast = false): void {
    this.clearWins();
    this.fast = fast;
    if (reducedMotion()) return;
    const now = performance.now();
    this.motions = this.columns.map((col) => {
      const runRows = Math.max(1, col.ids.length);
      const pattern = Array.from({ length: PATTERN }, () => this.passing());
      const ids = [...Array.from({ length: REPEAT }, () => pattern).flat(), ...col.ids];
      const offsets = this.lay(
        col,
        ids,
        ids.map(() => 1 / runRows),
      );
      const k0 = ids.length - runRows;
      this.place(col, k0 / runRows, offsets);
      col.reel.classList.add('is-spinning');
      return {
        ids,
        offsets,
        phase: 'run',
        runRows,
        k0,
        t0: now,
        landRows: runRows,
        pStart: 0,
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
   * Lands the running reels on `grid` (columns of any height), left to right; `onStop(reel)` as
   * each lands. Once `near` scatters have landed, the later reels spin on a little (a tease).
   */
  land(
    grid: number[][],
    onStop: (reel: number) => void,
    scatter: number | null = null,
    near = 2,
  ): Promise<void> {
    this.grid = grid;
    this.onStop = onStop;
    if (reducedMotion() || !this.running) return this.swap(grid, onStop);
    const now = performance.now();
    const stagger = this.fast ? FAST_STAGGER_MS : STAGGER_MS;
    const min = this.fast ? 60 : MIN_SPIN_MS;
    const waits = anticipation(grid, scatter, this.fast ? 0 : ANTICIPATION_MS, near);
    this.motions.forEach((m, r) => {
      m.grid = grid[r];
      m.brakeAt = Math.max(now, m.t0 + min) + r * stagger + waits[r];
      m.tease = waits[r] > 0;
    });
    return new Promise((resolve) => (this.landed = resolve));
  }

  /** Spins to `grid` in one go (a free spin): start and land. */
  spin(grid: number[][], onStop: (reel: number) => void, fast = false): Promise<void> {
    this.start(fast);
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

  private frame(now: number) {
    if (!this.running) return;
    const speed = this.fast ? FAST_SPEED : SPEED;
    this.motions.forEach((m, r) => {
      const col = this.columns[r];
      if (m.tease && m.phase === 'run' && r > 0 && this.motions[r - 1].phase === 'done') {
        col.reel.classList.add('is-teasing');
      }
      if (m.phase === 'run') {
        // In cells of the running height; past the strip's top, jump back a whole pattern (which
        // shows the same symbols).
        const raw = m.k0 - (runDistance(now - m.t0, SPEED) * m.runRows) / BASE_ROWS;
        const k = raw >= 1 ? raw : wrap(raw, 1, PATTERN);
        if (m.grid && now >= m.brakeAt) {
          this.brake(m, col, k, now, speed);
          return;
        }
        this.place(col, offsetAt(m.offsets, k), m.offsets);
      } else if (m.phase === 'brake') {
        const u = (now - m.tb) / m.duration;
        if (u >= 1) {
          m.phase = 'done';
          col.reel.classList.remove('is-spinning', 'is-teasing');
          this.fill(col, m.grid ?? []);
          this.onStop(r);
          return;
        }
        this.place(col, m.pStart - brakePosition(u, m.distance) / m.landRows, m.offsets);
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

  /**
   * Brake: the final cells (of the new height) go above what is on screen, with a few passing
   * between, and the strip slows evenly from the running speed onto them.
   */
  private brake(m: Motion, col: Column, k: number, now: number, speed: number) {
    const grid = m.grid ?? [];
    const landRows = Math.max(1, grid.length);
    const top = Math.floor(k);
    const view = m.ids.slice(top, top + m.runRows + 1);
    while (view.length < m.runRows + 1) view.push(this.passing());
    const between = Array.from({ length: BRAKE_CELLS }, () => this.passing());
    const head = [this.passing(), ...grid, ...between];
    m.ids = [...head, ...view];
    m.offsets = this.lay(col, m.ids, [
      ...head.map(() => 1 / landRows),
      ...view.map(() => 1 / m.runRows),
    ]);
    m.landRows = landRows;
    m.pStart = m.offsets[head.length] + (k - top) / m.runRows;
    // The distance to the stop (the grid's top at the reel's top), in cells of the new height.
    m.distance = (m.pStart - m.offsets[1]) * landRows;
    m.tb = now;
    m.duration = brakeDuration(m.distance, (speed * landRows) / BASE_ROWS);
    m.phase = 'brake';
    this.place(col, m.pStart, m.offsets);
  }

  /** Reduced motion (or not running): each reel changes in place, left to right. */
  private async swap(grid: number[][], onStop: (reel: number) => void): Promise<void> {
    for (let r = 0; r < this.columns.length; r++) {
      await new Promise((ok) => setTimeout(ok, this.fast ? 30 : 90));
      this.fill(this.columns[r], grid[r] ?? []);
      onStop(r);
    }
  }

  /** Shows a grid at once. */
  set(grid: number[][]): void {
    this.grid = grid;
    this.columns.forEach((col, r) => this.fill(col, grid[r] ?? []));
  }

  /** Lights the given cells and dims the others. */
  showWins(cells: Cell[]): void {
    this.clearWins();
    if (cells.length === 0) return;
    this.element.classList.add('has-wins');
    cells.forEach(([reel, row]) => this.columns[reel]?.cells[row]?.classList.add('is-win'));
  }

  clearWins(): void {
    this.element.classList.remove('has-wins');
    this.columns.forEach((col) => col.cells.forEach((c) => c.classList.remove('is-win')));
  }

  get current(): number[][] {
    return this.grid;
  }

  get spinning(): boolean {
    return this.running;
  }
}
