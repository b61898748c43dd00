import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BetView, EventView } from './api';
import { loadSlip, saveSlip } from './legs';
import type { Changes } from './live';
import { SETTLED_RECHECK_MS, applyChanges, rereadAfterSettlement, settlesBets } from './live';

function event(id: number, marketId: number, prices: number[]): EventView {
  return {
    id,
    sport: 'football',
    competition: 'super-lig',
    competitionName: 'Süper Lig',
    home: 'A',
    away: 'B',
    startsAt: '2026-11-24T18:00:00Z',
    state: 'scheduled',
    clock: 0,
    score: [0, 0],
    markets: [
      {
        id: marketId,
        key: '1x2',
        line: null,
        state: 'active',
        selections: prices.map((price, i) => ({
          id: marketId * 10 + i,
          key: ['1', 'X', '2'][i],
          price,
          offered: true,
          result: null,
          boosted: null,
        })),
      },
    ],
  };
}

describe('pushed changes', () => {
  it("update the shown events' scores and markets and leave the rest as they were", () => {
    const list = [event(1, 11, [2.1, 3.2, 3.5]), event(2, 21, [1.5, 4, 6])];
    const changes: Changes = {
      events: [{ id: 1, state: 'live', clock: 12, score: [1, 0] }],
      markets: [
        {
          eventId: 1,
          id: 11,
          key: '1x2',
          state: 'suspended',
          selections: [
            { id: 110, key: '1', price: 1.4, offered: false, result: null, boosted: null },
          ],
        },
        // A market the list does not show (another event's, or not the main one): ignored.
        { eventId: 3, id: 99, key: '1x2', state: 'active', selections: [] },
      ],
    };

    const next = applyChanges(list, changes);

    expect(next[0]).toMatchObject({ state: 'live', clock: 12, score: [1, 0] });
    expect(next[0].markets[0].state).toBe('suspended');
    expect(next[0].markets[0].selections).toEqual(changes.markets[0].selections);
    expect(next[1]).toBe(list[1]);
    expect(list[0].state).toBe('scheduled');
  });

  it('give back the same list when none of it changed (nothing renders again)', () => {
    const list = [event(1, 11, [2.1, 3.2, 3.5])];
    expect(
      applyChanges(list, {
        events: [{ id: 9, state: 'live', clock: 1, score: [0, 0] }],
        markets: [],
      }),
    ).toBe(list);
  });
});

describe('the kept slip', () => {
  function memory(): Storage {
    const m = new Map<string, string>();
    return {
      getItem: (k) => m.get(k) ?? null,
      setItem: (k, v) => void m.set(k, v),
      removeItem: (k) => void m.delete(k),
      clear: () => m.clear(),
      key: () => null,
      get length() {
        return m.size;
      },
    };
  }

  it('comes back after a reload, and only legs that are legs', () => {
    const storage = memory();
    const leg = {
      selectionId: 110,
      eventId: 1,
      home: 'A',
      away: 'B',
      live: false,
      marketKey: '1x2',
      line: null,
      selectionKey: '1',
      price: 210,
    };
    saveSlip(storage, [leg, { ...leg, selectionId: 111 }]);
    expect(loadSlip(storage, 12)).toEqual([leg, { ...leg, selectionId: 111 }]);
    expect(loadSlip(storage, 1)).toEqual([leg]);

    storage.setItem('kasa:sportsbook:slip', JSON.stringify([leg, { ...leg, price: -5 }, 'x']));
    expect(loadSlip(storage, 12)).toEqual([leg]);
    storage.setItem('kasa:sportsbook:slip', '{not json');
    expect(loadSlip(storage, 12)).toEqual([]);
    saveSlip(storage, []);
    expect(storage.length).toBe(0);
    expect(loadSlip(null, 12)).toEqual([]);
  });
});

describe("a settlement of the player's bets (issue 30)", () => {
  afterEach(() => vi.useRealTimers());

  function bet(id: number, eventIds: number[], state = 'open'): BetView {
    return {
      id,
      kind: '{"kind":"combo"}',
      legs: eventIds.map((eventId) => ({
        eventId,
        eventState: 'live',
        home: 'A',
        away: 'B',
        market: '1x2',
        line: null,
        selection: '1',
        price: 2,
        result: 'open',
        score: [0, 0],
      })),
      payout: 0,
      placedAt: '2026-11-24T18:00:00Z',
      potential: 40,
      stake: 10,
      state,
    };
  }

  const market = (eventId: number, state: string) => ({
    eventId,
    id: eventId * 10,
    key: '1x2',
    state,
    selections: [],
  });

  it('is a market of an event of theirs settled or voided, not a price or another event', () => {
    const bets = [bet(1, [1, 2]), bet(2, [3], 'won')];
    const settled = (m: Changes['markets'][number]) =>
      settlesBets(bets, { events: [], markets: [m] });
    expect(settled(market(2, 'settled'))).toBe(true);
    expect(settled(market(1, 'cancelled'))).toBe(true);
    // A settled bet's result corrected.
    expect(settled(market(3, 'settled'))).toBe(true);
    expect(settled(market(1, 'suspended'))).toBe(false);
    expect(settled(market(4, 'settled'))).toBe(false);
    expect(
      settlesBets(bets, {
        events: [{ id: 1, state: 'finished', clock: 90, score: [1, 0] }],
        markets: [],
      }),
    ).toBe(false);
    // My Bets not loaded (not shown): it is read when it is shown.
    expect(settlesBets(null, { events: [], markets: [market(1, 'settled')] })).toBe(false);
    expect(settlesBets([], { events: [], markets: [market(1, 'settled')] })).toBe(false);
  });

  it('reads the bets at once and once more a moment later', () => {
    vi.useFakeTimers();
    const reread = vi.fn();
    rereadAfterSettlement(reread);
    expect(reread).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SETTLED_RECHECK_MS - 1);
    expect(reread).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(reread).toHaveBeenCalledTimes(2);
  });
});
