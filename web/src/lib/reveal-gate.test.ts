import { afterEach, describe, expect, it } from 'vitest';
import { gatedBalance, revealGate, watchGameReveals } from './reveal-gate';

/** Issue 30: the header's balance never gives a round's result away before the game shows it. */

type Shown = { balance: number; realBalance: number | null; bonusBalance: number | null };
const totalOnly = (balance: number): Shown => ({ balance, realBalance: null, bonusBalance: null });
const live = (balance: number): Shown => ({ balance, realBalance: balance, bonusBalance: 0 });

function fromGame(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('the balance while a studio game is open', () => {
  it('shows what the game last revealed, not what the server already settled', () => {
    let current = 100;
    stop = watchGameReveals(() => current);
    expect(gatedBalance(live(100), revealGate.get(), totalOnly)).toEqual(live(100));

    fromGame({ source: 'kasa-game', type: 'hello' });
    // The round is settled (the push or the poll brought 145) while the reels still spin.
    current = 145;
    expect(gatedBalance(live(145), revealGate.get(), totalOnly).balance).toBe(100);

    fromGame({ source: 'kasa-game', type: 'revealed', balance: 145 });
    expect(gatedBalance(live(145), revealGate.get(), totalOnly)).toEqual(live(145));

    // The next round's result comes before its reveal: the total stays at the last reveal.
    expect(gatedBalance(live(140), revealGate.get(), totalOnly)).toEqual(totalOnly(145));

    fromGame({ source: 'kasa-game', type: 'bye' });
    expect(gatedBalance(live(140), revealGate.get(), totalOnly)).toEqual(live(140));
  });

  it('listens to the games of this origin only, and to their messages only', () => {
    stop = watchGameReveals(() => 100);
    fromGame({ source: 'kasa-game', type: 'hello' }, 'https://elsewhere.example');
    fromGame({ source: 'other', type: 'hello' });
    fromGame('hello');
    expect(revealGate.get().held).toBe(false);
  });
});
