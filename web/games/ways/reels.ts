/**
 * The ways slot's reel window: six columns whose heights change every spin (2 to 7 cells, each
 * cell scaled to fill its reel's height), on the shared ReelWindow (drawn from the symbol sprite
 * and spun with the shared motion, motion.ts: the reels start at once, run while the server
 * answers, then brake onto the result left to right). A running reel keeps its old cell size;
 * braking, the new cells (of the new height) come down from above onto the stop. Positions are in
 * reel heights (1 = the reel's visible height) over a strip of cells of mixed sizes. With
 * prefers-reduced-motion the symbols change in place, reel by reel.
 */
import { BRAKE_CELLS, SPEED, brakeDuration, runDistance } from '../slots/motion';
import { ReelWindow, type Column, type Motion } from '../slots/reel-window';
import { offsetAt, reelLayout, stripOffsets, type Cell } from './logic';

/** motion.ts counts cells of a 3-row reel: its speeds divided by this are reel heights a second. */
const BASE_ROWS = 3;

interface WaysMotion extends Motion {
  /** Each strip cell's top, in reel heights (and the strip's end). */
  offsets: number[];
  /** The height of the cells running past (the reel's height before the spin). */
  runRows: number;
  /** Brake phase: the new height (`distance` counts its cells), and the position (reel heights)
   *  when braking began. */
  landRows: number;
  pStart: number;
}

export class WaysReels extends ReelWindow<WaysMotion> {
  constructor(
    initial: number[][],
    /** What a running reel shows passing by. */
    private readonly passingIds: number[],
  ) {
    super(initial, 'reels wreels', 'reel wreel', 'cell wcell');
    this.set(initial);
  }

  /** Shows `ids` on a column at rest, each cell 1/n of the reel. */
  protected fill(col: Column, ids: number[]) {
    col.reel.dataset.rows = String(ids.length);
    this.rest(col, ids, reelLayout(Math.max(1, ids.length)).size);
  }

  /** Puts cells of the given sizes (reel heights) on a column's strip; answers their offsets. */
  private lay(col: Column, ids: number[], sizes: number[]): number[] {
    const offsets = stripOffsets(sizes);
    const total = offsets[offsets.length - 1];
    const cells = ids.map((id) => this.cell(id));
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

  protected passing(): number {
    return this.passingIds[Math.floor(Math.random() * this.passingIds.length)];
  }

  /** Starts every reel at once; they run until `land` gives the result. */
  start(fast = false): void {
    this.startAll(fast);
  }

  /** Spins to `grid` in one go (a free spin): start and land. */
  spin(grid: number[][], onStop: (reel: number) => void, fast = false): Promise<void> {
    this.start(fast);
    return this.land(grid, onStop);
  }

  /** A running reel keeps the cell size of the height it had. */
  protected run(col: Column, ids: number[], now: number): WaysMotion {
    const runRows = Math.max(1, col.ids.length);
    const offsets = this.lay(
      col,
      ids,
      ids.map(() => 1 / runRows),
    );
    const k0 = ids.length - runRows;
    this.place(col, k0 / runRows, offsets);
    return {
      ...this.startMotion(ids, k0, now),
      offsets,
      runRows,
      landRows: runRows,
      pStart: 0,
    };
  }

  /** In cells of the running height. */
  protected runCells(ms: number, m: WaysMotion): number {
    return (runDistance(ms, SPEED) * m.runRows) / BASE_ROWS;
  }

  protected placeRun(col: Column, m: WaysMotion, k: number) {
    this.place(col, offsetAt(m.offsets, k), m.offsets);
  }

  /**
   * Brake: the final cells (of the new height) go above what is on screen, with a few passing
   * between, and the strip slows evenly from the running speed onto them.
   */
  protected brake(m: WaysMotion, col: Column, k: number, now: number, speed: number) {
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

  protected placeBrake(col: Column, m: WaysMotion, cells: number) {
    this.place(col, m.pStart - cells / m.landRows, m.offsets);
  }

  /** Lights the given cells and dims the others. */
  showWins(cells: Cell[]): void {
    this.light(cells);
  }
}
