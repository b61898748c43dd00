import { describe, expect, it } from 'vitest';
import { publishedSchema, type PublishedGame } from './api/get-published';
import {
  FairStream,
  baccaratTotal,
  crashRound,
  jackpotHits,
  linePay,
  recompute,
  sha256Hex,
} from './recompute';
import vectors from './vectors.json';

/**
 * The vectors are the server engine's own answers (`/games/api/verify`'s shapes), written by the
 * server test `the_fair_pages_test_vectors_are_what_the_engine_answers`, which also checks they are
 * still what the engine answers: the browser's recomputation must give exactly the same.
 */
const published = publishedSchema.parse(vectors.info);
const gameOf = (code: string) => {
  const game = published.games.find((g) => g.code === code);
  if (!game) throw new Error(`no game ${code}`);
  return game;
};

describe('the fair stream (HMAC-SHA256 of Web Crypto)', () => {
  it("gives the commitment as the server's SHA-256 of the seed text", async () => {
    for (const round of vectors.rounds) {
      expect(await sha256Hex(round.serverSeed)).toBe(round.serverSeedHash);
    }
  });

  it('reads eight big-endian numbers per block and draws below n without bias', async () => {
    const rng = await FairStream.create('seed', 'client', '007');
    const again = await FairStream.create('seed', 'client', '7');
    const words = [];
    for (let i = 0; i < 10; i++) words.push(await rng.next());
    for (let i = 0; i < 10; i++) expect(await again.next()).toBe(words[i]);
    expect(words.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32)).toBe(true);
    expect(await rng.below(1)).toBe(0);
  });
});

describe('every game kind recomputes what the engine replayed', () => {
  const kinds = new Set(vectors.rounds.map((r) => gameOf(r.code).kind));

  it('covers every seeded game kind, and slot rounds with free spins', () => {
    expect([...kinds].sort()).toEqual(
      ['baccarat', 'blackjack', 'keno', 'roulette', 'slot', 'ways', 'wheel'].sort(),
    );
    const free = vectors.rounds.filter(
      (r) => 'spins' in r.outcome && (r.outcome.spins as unknown[]).length > 1,
    );
    expect(new Set(free.map((r) => gameOf(r.code).kind))).toEqual(new Set(['slot', 'ways']));
  });

  for (const round of vectors.rounds) {
    it(`${round.code} nonce ${round.nonce}${round.bet ? ` bet ${round.bet}` : ''}`, async () => {
      const game = gameOf(round.code) as Exclude<PublishedGame, { kind: 'crash' }>;
      const mine = await recompute(game, published.jackpots, {
        serverSeed: round.serverSeed,
        clientSeed: round.clientSeed,
        nonce: String(round.nonce),
        bet: round.bet === null ? null : BigInt(round.bet),
      });
      expect(mine.outcome).toEqual(round.outcome);
      if ('jackpots' in mine) expect(mine.jackpots).toEqual(round.jackpots);
    });
  }

  it('a big enough bet wins a jackpot level in the vectors, a small one none', () => {
    const won = vectors.rounds.flatMap((r) => (r.jackpots ?? []).map((j) => j.won));
    expect(won.some((w) => w !== null)).toBe(true);
    expect(won.some((w) => w === null)).toBe(true);
  });
});

describe('the crash game', () => {
  const crash = gameOf('kasa-aviator');
  it("gives each chain hash's crash point and the previous hash", async () => {
    if (crash.kind !== 'crash') throw new Error('not the crash game');
    expect(vectors.crash.length).toBeGreaterThan(5);
    for (const v of vectors.crash) {
      expect(await crashRound(crash.info, v.hash)).toEqual({
        point: v.point,
        previousHash: v.previousHash,
      });
    }
  });
});

describe('the rules in small', () => {
  it('pays a run of wilds as the best symbol and a run from the left', () => {
    const slot = gameOf('kasa-sultans-gold');
    if (slot.kind !== 'slot') throw new Error('not a slot');
    const wild = slot.info.wild!;
    // Five wilds pay the wild's own five.
    expect(linePay(slot.info, [wild, wild, wild, wild, wild])).toEqual([
      wild,
      5,
      slot.info.symbols[wild].pays[5],
    ]);
    // A wild then two sultans (id 2) then others: three sultans.
    expect(linePay(slot.info, [wild, 2, 2, 7, 8])?.slice(0, 2)).toEqual([2, 3]);
    // Nothing from a lone symbol.
    expect(linePay(slot.info, [7, 8, 7, 8, 7])).toBeNull();
  });

  it('counts baccarat totals by the last digit, faces as 0', () => {
    expect(baccaratTotal([0, 8])).toBe(0);
    expect(baccaratTotal([12, 6])).toBe(7);
    expect(baccaratTotal([3, 4, 2])).toBe(2);
  });

  it('hits a jackpot level when ⌊r × odds / 2^64⌋ is below the bet', () => {
    const r = 2n ** 63n;
    expect(jackpotHits(r, 1000, 501n)).toBe(true);
    expect(jackpotHits(r, 1000, 500n)).toBe(false);
  });
});
