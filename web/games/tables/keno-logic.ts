/** Keno's picks and paytable, pure. */

export const KENO_NUMBERS = 80;
export const MAX_PICKS = 10;

/** The picks after a click on `n`: added (up to MAX_PICKS) or taken away. */
export function togglePick(picks: number[], n: number): number[] {
  if (n < 1 || n > KENO_NUMBERS) return picks;
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  if (picks.length >= MAX_PICKS) return picks;
  return [...picks, n].sort((a, b) => a - b);
}

/** `count` distinct random numbers of 1–80, sorted (`random` gives 0 ≤ x < 1). */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  const want = Math.min(Math.max(count, 1), MAX_PICKS);
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < want; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, want).sort((a, b) => a - b);
}

/** The paytable of a pick count: each paying hit count with its multiple of the stake. */
export function payRows(pays: number[][], picks: number): { hits: number; times: number }[] {
  const row = pays[picks] ?? [];
  const rows: { hits: number; times: number }[] = [];
  for (let hits = row.length - 1; hits >= 0; hits--) {
    if (row[hits] > 0) rows.push({ hits, times: row[hits] / 100 });
  }
  return rows;
}

/** What a stake (kurus) returns with these picks against the draw. */
export function kenoReturn(pays: number[][], picks: number[], drawn: number[], stake: number) {
  const hits = picks.filter((p) => drawn.includes(p)).length;
  const pay = pays[picks.length]?.[hits] ?? 0;
  return { hits, win: (stake * pay) / 100 };
}
