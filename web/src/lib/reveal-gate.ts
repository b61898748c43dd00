import { createStore, useStore } from './create-store';

/**
 * The header's balance while a studio game is open (issue 30: it never gives a round's result
 * away before the game shows it). A game says `hello` when it opens: from then on the balance
 * shown is the one of the last round the game revealed (`revealed`, with that balance), however
 * soon the server's push or the poll brings the new one; `bye` (the game closed) shows the live
 * balance again. Messages come from the game frames of this origin only (`kasa-game`).
 */

export type GateState = {
  /** A game that reveals its rounds is open. */
  held: boolean;
  /** The total the game last revealed (lira); at first, the total when it opened. */
  revealed: number | null;
};

const OPEN: GateState = { held: false, revealed: null };

export const revealGate = createStore<GateState>(OPEN);

type GameMessage = { source: 'kasa-game'; type: 'hello' | 'bye' | 'revealed'; balance?: number };

function gameMessage(event: MessageEvent): GameMessage | null {
  if (event.origin !== window.location.origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Partial<GameMessage>;
  if (m.source !== 'kasa-game' || !['hello', 'bye', 'revealed'].includes(m.type ?? '')) return null;
  return m as GameMessage;
}

/**
 * Follows the game frames' messages (`current`: the live total, what is shown until the game's
 * first reveal); the returned function stops.
 */
export function watchGameReveals(current: () => number | null): () => void {
  const onMessage = (event: MessageEvent) => {
    const m = gameMessage(event);
    if (!m) return;
    if (m.type === 'hello') revealGate.set({ held: true, revealed: current() });
    else if (m.type === 'bye') revealGate.set(OPEN);
    else if (typeof m.balance === 'number' && Number.isFinite(m.balance))
      revealGate.set({ held: true, revealed: m.balance });
  };
  window.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('message', onMessage);
    revealGate.set(OPEN);
  };
}

/** The game is gone (its window closed before it could say `bye`): the live balance again. */
export function releaseRevealGate(): void {
  revealGate.set(OPEN);
}

export function useRevealGate(): GateState {
  return useStore(revealGate);
}

/**
 * The balance to show: the live one, unless a game holds it; then the one the game last revealed
 * (the live parts when they add up to it, else the total alone).
 */
export function gatedBalance<B extends { balance: number }>(
  live: B,
  gate: GateState,
  totalOnly: (total: number) => B,
): B {
  if (!gate.held || gate.revealed === null) return live;
  return Math.abs(live.balance - gate.revealed) < 0.005 ? live : totalOnly(gate.revealed);
}
