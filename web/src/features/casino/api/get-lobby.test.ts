import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLobby, LOBBY_PAGE_SIZE, nextSkip } from './get-lobby';
import type { CasinoGame, LobbyPage } from './schemas';

const game = (i: number): CasinoGame => ({
  id: i,
  gameCode: `g${i}`,
  name: `Game ${i}`,
  providerName: 'Hub88',
  mainProviderId: 3,
  systemCategory: [3],
  imageUrl: '',
  isLive: false,
  isNew: false,
  isFavorite: false,
  platforms: ['desktop'],
  popularity: 0,
});
const page = (from: number, n: number, total: number): LobbyPage => ({
  items: Array.from({ length: n }, (_, k) => game(from + k)),
  total,
  providers: [],
});

describe('lobby paging (10,000 games, 48 at a time)', () => {
  it('asks for the next 48 until all are loaded', () => {
    const total = 10_000;
    const pages: LobbyPage[] = [];
    let skip: number | undefined = 0;
    let calls = 0;
    while (skip !== undefined) {
      pages.push(page(skip, Math.min(LOBBY_PAGE_SIZE, total - skip), total));
      calls++;
      skip = nextSkip(pages[pages.length - 1], pages);
    }
    expect(calls).toBe(Math.ceil(total / LOBBY_PAGE_SIZE));
    expect(pages.reduce((n, p) => n + p.items.length, 0)).toBe(total);
  });

  it('stops on an empty page (the catalogue shrank meanwhile)', () => {
    const first = page(0, 48, 100);
    expect(nextSkip(first, [first])).toBe(48);
    const empty = page(48, 0, 100);
    expect(nextSkip(empty, [first, empty])).toBeUndefined();
  });

  describe('the call', () => {
    afterEach(() => vi.unstubAllGlobals());
    it('sends the tab or the page slug, the filters and the page', async () => {
      const fetchMock = vi.fn<typeof fetch>().mockImplementation(
        async () =>
          new Response(JSON.stringify({ success: true, data: page(0, 0, 0) }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      await getLobby({ slug: 'slot', live: false, search: ' sultan ', sort: 'new' }, 0, 48);
      await getLobby(
        { slug: 'slot', live: false, category: 4, provider: 3, search: '', sort: 'popular' },
        96,
        48,
      );
      const urls = fetchMock.mock.calls.map(([u]) => new URL(String(u)));
      expect(Object.fromEntries(urls[0].searchParams)).toEqual({
        category: 'slot',
        search: 'sultan',
        sort: 'new',
        live: 'false',
        skip: '0',
        take: '48',
      });
      expect(Object.fromEntries(urls[1].searchParams)).toEqual({
        category: '4',
        provider: '3',
        sort: 'popular',
        live: 'false',
        skip: '96',
        take: '48',
      });
    });
  });
});
