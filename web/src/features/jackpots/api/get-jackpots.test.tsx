import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import {
  type JackpotCard,
  JACKPOTS_REFETCH_MS,
  jackpotsQueryOptions,
  pickJackpots,
  useJackpots,
} from './get-jackpots';
import { envelope } from '@/test/envelope';

const card = (instanceName: string, base: number): JackpotCard => ({
  instanceName,
  levelStats: [
    { level: 'I', name: 'Clubs', amount: base },
    { level: 'II', name: 'Diamonds', amount: base * 10 },
    { level: 'III', name: 'Hearts', amount: base * 100 },
    { level: 'IV', name: 'Spades', amount: base * 1000 },
  ],
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('pickJackpots (spec section 9)', () => {
  it('keeps only High Cash and Clover Chance, in that order, 4 levels, the biggest first', () => {
    const cards = [
      card('Clover Chance', 40),
      card('Mega Fortune', 1),
      { ...card('High Cash', 50), instanceName: 'high cash ' },
      card('Lucky Bells', 2),
    ];
    const picked = pickJackpots(cards);
    expect(picked.map((c) => c.name)).toEqual(['high cash ', 'Clover Chance']);
    for (const c of picked) {
      expect(c.levels.map((l) => l.level)).toEqual(['IV', 'III', 'II', 'I']);
    }
    expect(picked[1].levels.map((l) => l.amount)).toEqual([40_000, 4_000, 400, 40]);
  });

  it('keeps the level order while amounts grow past each other, and at most 4 levels', () => {
    const grown: JackpotCard = {
      instanceName: 'High Cash',
      levelStats: [
        { level: 'I', name: 'Clubs', amount: 900 },
        { level: 'II', name: 'Diamonds', amount: 500 },
        { level: 'III', name: 'Hearts', amount: 5000 },
        { level: 'IV', name: 'Spades', amount: 50000 },
      ],
    };
    expect(pickJackpots([grown])[0].levels.map((l) => l.level)).toEqual(['IV', 'III', 'II', 'I']);
    const unnamed: JackpotCard = {
      instanceName: 'Clover Chance',
      levelStats: [1, 5, 3, 9, 7].map((amount) => ({ amount })),
    };
    expect(pickJackpots([unnamed])[0].levels.map((l) => l.amount)).toEqual([9, 7, 5, 3]);
  });

  it('gives nothing without either card', () => {
    expect(pickJackpots([card('Mega Fortune', 1)])).toEqual([]);
    expect(pickJackpots([])).toEqual([]);
  });
});

describe('useJackpots (GET casino/jackpots)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('refetches every 5 s, only while the page is visible', () => {
    const options = jackpotsQueryOptions();
    expect(options.refetchInterval).toBe(JACKPOTS_REFETCH_MS);
    expect(JACKPOTS_REFETCH_MS).toBe(5_000);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  it("shows the bootstrap's cards at once, then maps the live answer", async () => {
    fetchMock.mockResolvedValue(
      envelope(true, null, [card('High Cash', 51.5), card('Clover Chance', 40.25)]),
    );
    const bootstrap = [card('Other', 3), card('Clover Chance', 40), card('High Cash', 50)];
    const { result } = renderHook(() => useJackpots(bootstrap), { wrapper });

    // The first paint has the bootstrap's values.
    expect(result.current.jackpots.map((c) => c.name)).toEqual(['High Cash', 'Clover Chance']);
    expect(result.current.jackpots[0].levels[3]).toEqual({
      level: 'I',
      name: 'Clubs',
      amount: 50,
    });

    // Then the live ones.
    await waitFor(() => expect(result.current.jackpots[0].levels[3].amount).toBe(51.5));
    expect(result.current.jackpots[1].levels.map((l) => l.amount)).toEqual([
      40_250, 4_025, 402.5, 40.25,
    ]);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/casino\/jackpots$/);
  });

  it('keeps the values shown when the call fails', async () => {
    fetchMock.mockResolvedValue(envelope(false, 'x', null, 500));
    const { result } = renderHook(() => useJackpots([card('High Cash', 50)]), { wrapper });
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    expect(result.current.jackpots.map((c) => c.name)).toEqual(['High Cash']);
    expect(result.current.jackpots[0].levels[3].amount).toBe(50);
  });

  it('rejects an answer of the wrong shape', async () => {
    fetchMock.mockResolvedValue(envelope(true, null, [{ instanceName: 'High Cash' }]));
    const { result } = renderHook(() => useJackpots(), { wrapper });
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    expect(result.current.jackpots).toEqual([]);
  });
});
