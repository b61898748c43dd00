/**
 * The reel window both slots share (the line slot's Reels and the ways slot's WaysReels build on
 * it): a column of cells per reel drawn from the symbol sprite, and the spin's life with the shared
 * motion (motion.ts): every reel starts at once and runs while the server answers; given the
 * result, each brakes onto it left to right (the later ones held back, glowing, while scatters
 * could still make free spins), or all hurry at a second press; with prefers-reduced-motion the
 * symbols change in place, reel by reel. A slot's window lays its strips, places them and brakes
 * in its own cell sizes; winning cells light up and the others dim.
 */
import { symbolSvg } from './art/sprite';
import {
  ANTICIPATION_MS,
  FAST_SPEED,
  FAST_STAGGER_MS,
  MIN_SPIN_MS,
  SPEED,
  STAGGER_MS,
  anticipation,
  brakePosition,
  wrap,
} from './motion';

/** Cells of the repeating pattern a running reel shows, and how often it repeats on the strip. */
const PATTERN = 10;
const REPEAT = 4;

export const reducedMotion = (): boolean =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export interface Column {
  reel: HTMLElement;
  strip: HTMLElement;
  /** The cells on screen, top to bottom (at rest), and their symbols. */
  cells: HTMLElement[];
  ids: number[];
}

/** A reel in motion: its strip's ids and where it is (k: the strip index at the top row). */
export interface Motion {
  ids: number[];
  phase: 'run' | 'brake' | 'done';
  /** Run phase: k at the start, and the start time. */
  k0: number;
  t0: number;
  /** Brake phase: the distance (cells), start and duration. */
  distance: number;
  tb: number;
  duration: number;
  /** When this reel may start braking (once the result is known). */
  brakeAt: number;
  grid: number[] | null;
  /** Held back because scatters have landed to its left (glows until it stops). */
  tease: boolean;
}

export abstract class ReelWindow<M extends Motion> {
  readonly element: HTMLElement;
  private columns: Column[] = [];
  private motions: M[] = [];
  private fast = false;
  private grid: number[][];
  private running = false;
  private onStop: (reel: number) => void = () => {};
  private landed: (() => void) | null = null;

  /**
   * The window with a reel (class `reelClass`) for each column of `initial`; the slot shows
   * `initial` (set) once its own fields are in place.
   */
  constructor(
    initial: number[][],
    className: string,
    reelClass: string,
    private readonly cellClass: string,
  ) {
    this.element = document.createElement('div');
    this.element.className = className;
    this.grid = initial;
    initial.forEach(() => {
      const reel = document.createElement('div');
      reel.className = reelClass;
      const strip = document.createElement('div');
      strip.className = 'strip';
      reel.append(strip);
      this.element.append(reel);
      this.columns.push({ reel, strip, cells: [], ids: [] });
    });
  }

  /** Shows `ids` on a column at rest. */
  protected abstract fill(col: Column, ids: number[]): void;

  /** A passing symbol of a reel. */
  protected abstract passing(reel: number): number;

  /** Puts a running strip of `ids` (the pattern, then what was on screen) on a column. */
  protected abstract run(col: Column, ids: number[], now: number): M;

  /** Cells a running reel has travelled `ms` after its start. */
  protected abstract runCells(ms: number, m: M): number;

  /** Shows a running strip at `k` (the strip index at the top row). */
  protected abstract placeRun(col: Column, m: M, k: number): void;

  /** Starts reel `reel`'s brake at `k`: the final symbols above, `m.distance` cells away. */
  protected abstract brake(
    m: M,
    col: Column,
    k: number,
    now: number,
    speed: number,
    reel: number,
  ): void;

  /** Shows a braking strip `cells` cells on from where the brake began. */
  protected abstract placeBrake(col: Column, m: M, cells: number): void;

  protected cell(id: number): HTMLElement {
    const el = document.createElement('div');
    el.className = this.cellClass;
    el.dataset.symbol = String(id);
    el.append(symbolSvg(id));
    return el;
  }

  /** Shows `ids` on a column at rest, each cell `size` percent of the reel. */
  protected rest(col: Column, ids: number[], size: number) {
    col.ids = ids;
    col.cells = ids.map((id) => this.cell(id));
    col.strip.replaceChildren(...col.cells);
    col.strip.style.height = '100%';
    col.strip.style.transform = '';
    col.cells.forEach((c) => (c.style.height = `${size}%`));
  }

  /** A reel's motion as it starts to run. */
  protected startMotion(ids: number[], k0: number, now: number): Motion {
    return {
      ids,
      phase: 'run',
      k0,
      t0: now,
      distance: 0,
      tb: 0,
      duration: 0,
      brakeAt: Infinity,
      grid: null,
      tease: false,
    };
  }

  /** Starts every reel at once; they run until `land` gives the result. */
  protected startAll(fast: boolean): void {
    this.clearWins();
    this.fast = fast;
    if (reducedMotion()) return;
    const now = performance.now();
    this.motions = this.columns.map((col, r) => {
      const pattern = Array.from({ length: PATTERN }, () => this.passing(r));
      const ids = [...Array.from({ length: REPEAT }, () => pattern).flat(), ...col.ids];
      const m = this.run(col, ids, now);
      col.reel.classList.add('is-spinning');
      return m;
    });
    this.running = true;
    requestAnimationFrame((t) => this.frame(t));
  }

  /**
   * Lands the running reels on `grid`, left to right; `onStop(reel)` as each lands. Once `near`
   * scatters have landed, the later reels spin on a little (a tease). Resolves when all have
   * landed.
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
        const raw = m.k0 - this.runCells(now - m.t0, m);
        const k = raw >= 1 ? raw : wrap(raw, 1, PATTERN);
        if (m.grid && now >= m.brakeAt) {
          this.brake(m, col, k, now, speed, r);
          return;
        }
        this.placeRun(col, m, k);
      } else if (m.phase === 'brake') {
        const u = (now - m.tb) / m.duration;
        if (u >= 1) {
          m.phase = 'done';
          col.reel.classList.remove('is-spinning', 'is-teasing');
          this.fill(col, m.grid ?? []);
          this.onStop(r);
          return;
        }
        this.placeBrake(col, m, brakePosition(u, m.distance));
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
      this.fill(this.columns[r], grid[r] ?? []);
      onStop(r);
    }
  }

  /** Shows a grid at once. */
  set(grid: number[][]): void {
    this.grid = grid;
    this.columns.forEach((col, r) => this.fill(col, grid[r] ?? []));
  }

  /** Lights the given cells [reel, row] and dims the others; false when there are none. */
  protected light(cells: [number, number][]): boolean {
    this.clearWins();
    if (cells.length === 0) return false;
    this.element.classList.add('has-wins');
    cells.forEach(([reel, row]) => this.columns[reel]?.cells[row]?.classList.add('is-win'));
    return true;
  }

  clearWins(): void {
    this.element.classList.remove('has-wins');
    this.columns.forEach((col) => col.cells.forEach((c) => c.classList.remove('is-win')));
  }

  get current(): number[][] {
    return this.grid;
  }
}
