import { describe, expect, it } from 'vitest';
import {
  BETS,
  betResult,
  cardValue,
  dealOrder,
  formatOdds,
  handTotal,
  isNatural,
  oddsOf,
  pushRoad,
  roadCounts,
  winnerOf,
  type Hands,
} from './baccarat-logic';
import { faceOf, isCourt, isRed, rankOf, suitName } from './cards';

/** A card of rank r (0 ace … 12 king) and suit s (0 spades … 3 clubs). */
const card = (r: number, s = 0) => s * 13 + r;
/** A card worth v (0 → the ten). */
const worth = (v: number, s = 0) => card(v === 0 ? 9 : v - 1, s);

/** The punto banco tableau (as the server deals), taking the cards from `shoe` in order. */
function deal(shoe: number[]): Hands {
  let at = 0;
  const next = () => shoe[at++];
  const [p1, b1, p2, b2] = [next(), next(), next(), next()];
  const player = [p1, p2];
  const banker = [b1, b2];
  const pt = handTotal(player);
  const bt = handTotal(banker);
  if (pt >= 8 || bt >= 8) return { player, banker };
  let third: number | null = null;
  if (pt <= 5) {
    player.push(next());
    third = cardValue(player[2]);
  }
  const draws =
    third === null
      ? bt <= 5
      : bt <= 2 ||
        (bt === 3 && third !== 8) ||
        (bt === 4 && third >= 2 && third <= 7) ||
        (bt === 5 && third >= 4 && third <= 7) ||
        (bt === 6 && (third === 6 || third === 7));
  if (draws) banker.push(next());
  return { player, banker };
}

describe('baccarat cards', () => {
  it('reads rank, suit and face of every card', () => {
    expect(faceOf(0)).toBe('A');
    expect(suitName(0)).toBe('spades');
    expect(faceOf(13 + 6)).toBe('7');
    expect(suitName(13 + 6)).toBe('hearts');
    expect(faceOf(26 + 9)).toBe('10');
    expect(suitName(26 + 9)).toBe('diamonds');
    expect(faceOf(51)).toBe('K');
    expect(suitName(51)).toBe('clubs');
    const seen = new Set<string>();
    for (let c = 0; c < 52; c++) {
      expect(rankOf(c)).toBe(c % 13);
      seen.add(`${faceOf(c)}${suitName(c)}`);
      expect(isRed(c)).toBe(c >= 13 && c < 39);
      expect(isCourt(c)).toBe(c % 13 >= 10);
    }
    expect(seen.size).toBe(52);
  });

  it('values ace 1, two to nine their face, tens and court cards 0', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((r) => cardValue(card(r, 2)))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0,
    ]);
    let sum = 0;
    for (let c = 0; c < 52; c++) sum += cardValue(c);
    expect(sum).toBe(4 * 45);
  });

  it('totals a hand by the last digit', () => {
    expect(handTotal([worth(7), worth(8)])).toBe(5);
    expect(handTotal([card(12), card(11)])).toBe(0);
    expect(handTotal([worth(9), card(10, 3)])).toBe(9);
    expect(handTotal([worth(4), worth(3), worth(9, 1)])).toBe(6);
    expect(handTotal([])).toBe(0);
    expect(isNatural([worth(4), worth(4)])).toBe(true);
    expect(isNatural([worth(9), worth(0)])).toBe(true);
    expect(isNatural([worth(4), worth(3)])).toBe(false);
    // Eight on three cards is no natural.
    expect(isNatural([worth(4), worth(3), worth(1)])).toBe(false);
  });
});

describe('baccarat deals', () => {
  it('names the winner by the higher total', () => {
    expect(winnerOf({ player: [worth(4), worth(4)], banker: [worth(3), worth(3)] })).toBe('player');
    expect(winnerOf({ player: [worth(0), worth(5), worth(1)], banker: [worth(7), worth(0)] })).toBe(
      'banker',
    );
    expect(winnerOf({ player: [card(12), worth(6)], banker: [worth(9), worth(7)] })).toBe('tie');
  });

  it('deals player, banker, player, banker, then the third cards', () => {
    const hand = (...cs: number[]) => cs;
    const seq = (h: Hands) => dealOrder(h).map((d) => `${d.side[0]}${d.index}:${d.card}`);
    expect(seq({ player: hand(1, 3), banker: hand(2, 4) })).toEqual([
      'p0:1',
      'b0:2',
      'p1:3',
      'b1:4',
    ]);
    expect(seq({ player: hand(1, 3, 5), banker: hand(2, 4) })).toEqual([
      'p0:1',
      'b0:2',
      'p1:3',
      'b1:4',
      'p2:5',
    ]);
    expect(seq({ player: hand(1, 3), banker: hand(2, 4, 6) })).toEqual([
      'p0:1',
      'b0:2',
      'p1:3',
      'b1:4',
      'b2:6',
    ]);
    expect(seq({ player: hand(1, 3, 5), banker: hand(2, 4, 6) })).toEqual([
      'p0:1',
      'b0:2',
      'p1:3',
      'b1:4',
      'p2:5',
      'b2:6',
    ]);
    expect(dealOrder({ player: [], banker: [] })).toEqual([]);
  });

  it('shows the cards in the order the tableau took them from the shoe', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const wins = { player: 0, banker: 0, tie: 0 };
    for (let round = 0; round < 2000; round++) {
      const shoe = Array.from({ length: 6 }, () => Math.floor(random() * 52));
      const hands = deal(shoe);
      const order = dealOrder(hands);
      expect(order.map((d) => d.card)).toEqual(shoe.slice(0, order.length));
      expect(order.map((d) => d.index)).toEqual(
        order.map((_, i) => (i < 4 ? Math.floor(i / 2) : 2)),
      );
      wins[winnerOf(hands)] += 1;
    }
    // Roughly the punto banco chances (banker 45.9 %, player 44.6 %, tie 9.5 %).
    expect(wins.banker).toBeGreaterThan(800);
    expect(wins.player).toBeGreaterThan(780);
    expect(wins.tie).toBeGreaterThan(120);
    expect(wins.tie).toBeLessThan(280);
  });
});

describe('baccarat bets and road', () => {
  it('prints the pays as odds to one', () => {
    expect([200, 195, 1000].map(oddsOf)).toEqual([1, 0.95, 9]);
    expect(oddsOf(50)).toBe(0);
    expect(formatOdds(195, 'tr')).toBe('0,95:1');
    expect(formatOdds(195, 'en')).toBe('0.95:1');
    expect(formatOdds(200, 'tr')).toBe('1:1');
    expect(formatOdds(1000, 'en')).toBe('9:1');
  });

  it('wins on its side, pushes player and banker on a tie', () => {
    expect(BETS).toEqual(['player', 'banker', 'tie']);
    expect(betResult('player', 'player')).toBe('win');
    expect(betResult('player', 'banker')).toBe('lose');
    expect(betResult('banker', 'tie')).toBe('push');
    expect(betResult('player', 'tie')).toBe('push');
    expect(betResult('tie', 'tie')).toBe('win');
    expect(betResult('tie', 'banker')).toBe('lose');
  });

  it('keeps the newest results first and counts them', () => {
    let road = pushRoad([], 'player');
    road = pushRoad(road, 'banker');
    road = pushRoad(road, 'tie');
    expect(road).toEqual(['tie', 'banker', 'player']);
    expect(roadCounts(road)).toEqual({ player: 1, banker: 1, tie: 1 });
    for (let i = 0; i < 10; i++) road = pushRoad(road, 'banker', 5);
    expect(road).toHaveLength(5);
    expect(roadCounts(road)).toEqual({ player: 0, banker: 5, tie: 0 });
  });
});
