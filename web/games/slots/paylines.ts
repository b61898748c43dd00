/**
 * Payline geometry on the reel window, in a coordinate box of `reels × 100` by `rows × 100` (one
 * cell is 100 × 100): the SVG overlay that draws wins uses the same box as its viewBox.
 */

export const CELL = 100;

export interface Point {
  x: number;
  y: number;
}

/** The centre of a cell (reel, row). */
export function cellCenter(reel: number, row: number): Point {
  return { x: reel * CELL + CELL / 2, y: row * CELL + CELL / 2 };
}

/**
 * The polyline of a payline across all reels: from the left edge through every reel's cell centre
 * to the right edge, so the line reads as one stroke across the window.
 */
export function paylinePoints(rows: number[]): Point[] {
  if (rows.length === 0) return [];
  const centres = rows.map((row, reel) => cellCenter(reel, row));
  const first = centres[0];
  const last = centres[centres.length - 1];
  return [{ x: 0, y: first.y }, ...centres, { x: rows.length * CELL, y: last.y }];
}

/** SVG `points` text of a polyline. */
export function pointsAttr(points: Point[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(' ');
}

/** The cells [reel, row] of a line win: the payline's first `count` reels from the left. */
export function winCells(rows: number[], count: number): [number, number][] {
  return rows.slice(0, count).map((row, reel) => [reel, row]);
}

/** Every cell showing `symbol` on a grid[reel][row]. */
export function cellsOf(grid: number[][], symbol: number): [number, number][] {
  const cells: [number, number][] = [];
  grid.forEach((column, reel) =>
    column.forEach((s, row) => {
      if (s === symbol) cells.push([reel, row]);
    }),
  );
  return cells;
}

/** Distinct colours for the paylines (cycled), bright on the dark reels. */
const COLOURS = [
  '#ffd23f',
  '#3aa0ff',
  '#ff5c6c',
  '#1fd17a',
  '#c77dff',
  '#ff9f1c',
  '#2ec4b6',
  '#f15bb5',
  '#9ef01a',
  '#00bbf9',
];

export function lineColour(index: number): string {
  return COLOURS[index % COLOURS.length];
}
