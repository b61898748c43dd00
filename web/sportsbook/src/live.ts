import { useEffect, useRef } from 'react';
import type { Changes, EventView, MarketPatch } from '@shared/api/generated/types.gen';

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
