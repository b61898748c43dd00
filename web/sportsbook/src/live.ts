import { useEffect, useRef } from 'react';
import type { BetView, Changes, EventView, MarketPatch } from '@shared/api/generated/types.gen';

export type { Changes };

/**
 * The events `events` with the pushed `changes` applied: an event's state, clock and score, and
 * each market it shows replaced by its pushed state and selections (the markets it does not show
 * stay out). The same array when nothing in it changed, so a view renders only for news.
 */
export function applyChanges(events: EventView[], changes: Changes): EventView[] {
  const byEvent = new Map(changes.events.map((e) => [e.id, e]));
  const byMarket = new Map<number, MarketPatch>(changes.markets.map((m) => [m.id, m]));
  let changed = false;
  const next = events.map((event) => {
    const patch = byEvent.get(event.id);
    const touched = event.markets.some((m) => byMarket.has(m.id));
    if (!patch && !touched) return event;
    changed = true;
    return {
      ...event,
      ...(patch ? { state: patch.state, clock: patch.clock, score: patch.score } : {}),
      markets: event.markets.map((m) => {
        const p = byMarket.get(m.id);
        return p ? { ...m, state: p.state, selections: p.selections } : m;
      }),
    };
  });
  return changed ? next : events;
}

/**
 * Whether `changes` settle or void a market of an event one of the player's `bets` stands on (a
 * result entered or corrected, a market voided): My Bets and the balance are then read again at
 * once, not at the next poll. A lost bet moves no money, so no balance push would tell of it.
 */
export function settlesBets(bets: readonly BetView[] | null, changes: Changes): boolean {
  if (!bets?.length) return false;
  const events = new Set(bets.flatMap((b) => b.legs.map((l) => l.eventId)));
  return changes.markets.some(
    (m) => (m.state === 'settled' || m.state === 'cancelled') && events.has(m.eventId),
  );
}

/**
 * A second look this long after a settlement: the server records a market's result before it
 * settles the market's bets, so the first read may come just before they are settled.
 */
export const SETTLED_RECHECK_MS = 1500;

/** Reads the bets again now and once more SETTLED_RECHECK_MS later. */
export function rereadAfterSettlement(reread: () => void): void {
  reread();
  window.setTimeout(reread, SETTLED_RECHECK_MS);
}

/**
 * Listens to the book's live stream (`GET /api/sportsbook/stream`, server-sent `changes`) while
 * the frame is open; the browser reconnects by itself after a drop. Polling stays as the floor.
 */
export function useLiveChanges(onChanges: (changes: Changes) => void): void {
  const handler = useRef(onChanges);
  useEffect(() => {
    handler.current = onChanges;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/sportsbook/stream');
    const listen = (e: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(e.data) as Changes);
      } catch {
        // A message that is not the book's JSON: nothing to apply.
      }
    };
    source.addEventListener('changes', listen);
    return () => {
      source.removeEventListener('changes', listen);
      source.close();
    };
  }, []);
}
