import type { EventView, MarketView, SelectionView } from './api';
import { priceOf } from './api';
import { hundredths } from './slip';

/** A selection on the slip, with what the slip shows of it. */
export interface Leg {
  selectionId: number;
  eventId: number;
  home: string;
  away: string;
  live: boolean;
  /** The event's sport (its live delay); missing in a slip kept before it was recorded. */
  sport?: string;
  marketKey: string;
  line: number | null;
  selectionKey: string;
  /** Hundredths: the price the slip shows and bets at. */
  price: number;
}

/** Where the slip is kept while the frame reloads (a visitor's login gives it a token). */
const SLIP_KEY = 'kasa:sportsbook:slip';

function isLeg(v: unknown): v is Leg {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0;
  return (
    whole(l.selectionId) &&
    whole(l.eventId) &&
    whole(l.price) &&
    typeof l.home === 'string' &&
    typeof l.away === 'string' &&
    typeof l.live === 'boolean' &&
    (l.sport === undefined || typeof l.sport === 'string') &&
    typeof l.marketKey === 'string' &&
    (l.line === null || typeof l.line === 'number') &&
    typeof l.selectionKey === 'string'
  );
}

/** The slip kept in this tab (at most `max` legs, each as a leg is), or an empty one. */
export function loadSlip(storage: Storage | null, max: number): Leg[] {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(SLIP_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter(isLeg).slice(0, max) : [];
  } catch {
    return [];
  }
}

export function saveSlip(storage: Storage | null, legs: Leg[]): void {
  try {
    if (legs.length) storage?.setItem(SLIP_KEY, JSON.stringify(legs));
    else storage?.removeItem(SLIP_KEY);
  } catch {
    // Storage full or shut: the slip lives on in memory.
  }
}

/** This tab's storage, when the browser lets the frame have it. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function legOf(
  event: EventView,
  market: MarketView,
  s: SelectionView,
  highRate: boolean,
): Leg {
  return {
    selectionId: s.id,
    eventId: event.id,
    home: event.home,
    away: event.away,
    live: event.state === 'live',
    sport: event.sport,
    marketKey: market.key,
    line: market.line ?? null,
    selectionKey: s.key,
    price: hundredths(priceOf(s, highRate)),
  };
}

/**
 * What the book offers now for a selection: its price (hundredths), whether it takes bets, and
 * whether its event is in play now and its sport (a live bet waits its sport's delay).
 */
export interface Quote {
  price: number;
  offered: boolean;
  live: boolean;
  sport: string;
}

/** The quotes of every selection in the events loaded. */
export function quotesOf(
  events: (EventView | null | undefined)[],
  highRate: boolean,
): Map<number, Quote> {
  const out = new Map<number, Quote>();
  for (const e of events) {
    if (!e) continue;
    for (const m of e.markets) {
      for (const s of m.selections) {
        out.set(s.id, {
          price: hundredths(priceOf(s, highRate)),
          offered:
            s.offered && m.state === 'active' && e.state !== 'finished' && e.state !== 'cancelled',
          live: e.state === 'live',
          sport: e.sport,
        });
      }
    }
  }
  return out;
}

export type Move = 'up' | 'down';

/** Which selections' prices moved between two answers. */
export function movesBetween(
  before: (EventView | null | undefined)[],
  after: (EventView | null | undefined)[],
  highRate: boolean,
): Map<number, Move> {
  const old = quotesOf(before, highRate);
  const out = new Map<number, Move>();
  for (const [id, q] of quotesOf(after, highRate)) {
    const was = old.get(id);
    if (was && was.price !== q.price) out.set(id, q.price > was.price ? 'up' : 'down');
  }
  return out;
}
