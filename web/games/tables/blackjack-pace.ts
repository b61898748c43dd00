/** Blackjack's pace: the waits between cards (a skip cuts them), the animations, the count. */
import type { Step, Table } from './blackjack-logic';
import { reducedMotion } from './shell';

/** The pace (ms): between dealt cards, a hole card turning over, a split, the dealer's draws. */
export const DEAL_MS = 380;
const FLIP_MS = 520;
const SPLIT_MS = 420;
const DRAW_MS = 560;
/** The win meter's count. */
const COUNT_MS = 900;

/** Waits that a skip cuts short (and that are nothing under reduced motion). */
export class Pacer {
  private skipped = false;
  private wakers = new Set<() => void>();

  get fast(): boolean {
    return this.skipped || reducedMotion();
  }

  reset() {
    this.skipped = false;
  }

  skip() {
    this.skipped = true;
    for (const wake of [...this.wakers]) wake();
  }

  wait(ms: number): Promise<void> {
    if (this.fast || ms <= 0) return Promise.resolve();
    return new Promise((ok) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        ok();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}

/** A card just placed, for its animation. */
export interface Fresh {
  /** A hand's index, or -1 for the dealer. */
  at: number;
  index: number;
  kind: 'deal' | 'flip' | 'move';
}

export function freshOf(step: Step, table: Table): Fresh | null {
  switch (step.kind) {
    case 'player':
      return { at: step.hand, index: table.hands[step.hand].length - 1, kind: 'deal' };
    case 'dealer':
      return { at: -1, index: table.dealer.length - 1, kind: 'deal' };
    case 'hole':
      return { at: -1, index: table.dealer.length, kind: 'deal' };
    case 'reveal':
      return { at: -1, index: table.dealer.length - 1, kind: 'flip' };
    case 'split':
      return { at: step.hand + 1, index: 0, kind: 'move' };
    case 'sync':
      return null;
  }
}

/** The wait after a step, before the next. */
export function pauseAfter(step: Step, next: Step | undefined): number {
  if (step.kind === 'reveal') return FLIP_MS;
  if (step.kind === 'split') return SPLIT_MS;
  if (next?.kind === 'dealer' && step.kind !== 'player') return DRAW_MS;
  return DEAL_MS;
}

/** The win meter counts up to `win` (kurus), eased, while `current` (a newer count stops it). */
export function countUp(win: number, show: (kurus: number) => void, current: () => boolean) {
  const start = performance.now();
  const tick = (now: number) => {
    if (!current()) return;
    const u = Math.min(1, (now - start) / COUNT_MS);
    const eased = 1 - (1 - u) ** 3;
    show(u >= 1 ? win : Math.round((win * eased) / 100) * 100);
    if (u < 1) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
