import { describe, expect, it } from 'vitest';
import { GameApi } from '../kit/api';
import { PIPS, cardEl } from './blackjack-cards';
import { blackjackFixture } from './blackjack-fixture';
import { blackjackDict } from './blackjack-i18n';
import {
  EMPTY_TABLE,
  actionOfKey,
  addChip,
  applyStep,
  blackjackOutcome,
  canDeal,
  cardText,
  cardValue,
  cardsMatch,
  dealSteps,
  handBadge,
  handValue,
  isCard,
  kurusOf,
  sameTable,
  tableOf,
  totalLabel,
  type Action,
  type BjHand,
  type BlackjackView,
  type Step,
  type Table,
} from './blackjack-logic';
import { isRed, rankOf, suitOf } from './cards';

// Cards: rank + 13 × suit (♠ 0, ♥ 1, ♦ 2, ♣ 3); the ace is rank 0, the ten 9, J 10, Q 11, K 12.
const card = (rank: string, suit = 0) =>
  ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(rank) + 13 * suit;

function hand(cards: number[], extra: Partial<BjHand> = {}): BjHand {
  const v = handValue(cards);
  return {
    cards,
    total: v.total,
    soft: v.soft,
    bet: 500,
    doubled: false,
    done: false,
    blackjack: false,
    bust: v.total > 21,
    result: null,
    win: 0,
    ...extra,
  };
}

function view(
  hands: BjHand[],
  dealer: number[],
  { finished = false, active = 0 }: { finished?: boolean; active?: number } = {},
): BlackjackView {
  const v = handValue(dealer);
  return {
    roundId: 'r1',
    hands,
    active,
    dealer: {
      cards: dealer,
      total: v.total,
      soft: v.soft,
      blackjack: false,
      bust: v.total > 21,
      hidden: !finished,
    },
    actions: finished ? [] : ['hit', 'stand'],
    finished,
    bet: hands.reduce((a, h) => a + h.bet, 0),
    win: 0,
    balance: 100,
    fair: { serverSeedHash: 'x', clientSeed: 'c', nonce: 1, nextServerSeedHash: 'y' },
  };
}

const run = (from: Table, steps: Step[]) => steps.reduce(applyStep, from);

describe('blackjack cards', () => {
  it('reads rank and suit from 0–51', () => {
    expect(rankOf(0)).toBe(0);
    expect(suitOf(0)).toBe(0);
    expect(rankOf(51)).toBe(12);
    expect(suitOf(51)).toBe(3);
    expect(cardText(0)).toBe('A♠');
    expect(cardText(13 + 9)).toBe('10♥');
    expect(cardText(2 * 13 + 10)).toBe('J♦');
    expect(cardText(3 * 13 + 12)).toBe('K♣');
    expect(isRed(card('5', 1))).toBe(true);
    expect(isRed(card('5', 2))).toBe(true);
    expect(isRed(card('5', 3))).toBe(false);
    expect(isCard(51)).toBe(true);
    expect(isCard(52)).toBe(false);
    expect(isCard(-1)).toBe(false);
    expect(isCard(1.5)).toBe(false);
  });

  it('counts 2–9 by face, tens and courts 10, the ace 1', () => {
    expect(cardValue(card('A'))).toBe(1);
    expect(cardValue(card('2'))).toBe(2);
    expect(cardValue(card('9'))).toBe(9);
    for (const r of ['10', 'J', 'Q', 'K']) expect(cardValue(card(r, 2))).toBe(10);
  });

  it('totals hands, one ace as 11 while that stays at most 21', () => {
    expect(handValue([])).toEqual({ total: 0, soft: false });
    expect(handValue([card('10'), card('7')])).toEqual({ total: 17, soft: false });
    expect(handValue([card('A'), card('6')])).toEqual({ total: 17, soft: true });
    expect(handValue([card('A'), card('K')])).toEqual({ total: 21, soft: true });
    expect(handValue([card('A'), card('A')])).toEqual({ total: 12, soft: true });
    expect(handValue([card('A'), card('A'), card('9')])).toEqual({ total: 21, soft: true });
    expect(handValue([card('A'), card('6'), card('9')])).toEqual({ total: 16, soft: false });
    expect(handValue([card('K'), card('Q'), card('5')])).toEqual({ total: 25, soft: false });
    expect(handValue([card('A'), card('A'), card('A'), card('A')])).toEqual({
      total: 14,
      soft: true,
    });
  });

  it('labels soft totals both ways and hard ones once', () => {
    expect(totalLabel(17, true)).toBe('7/17');
    expect(totalLabel(11, true)).toBe('1/11');
    expect(totalLabel(21, true)).toBe('21');
    expect(totalLabel(17, false)).toBe('17');
    expect(totalLabel(25, false)).toBe('25');
  });

  it('shows a bust at once and the result once settled', () => {
    expect(handBadge(hand([card('K'), card('Q'), card('5')], { bust: true }))).toBe('bust');
    expect(handBadge(hand([card('K'), card('Q'), card('5')], { bust: true, result: 'lose' }))).toBe(
      'bust',
    );
    expect(handBadge(hand([card('K'), card('9')]))).toBeNull();
    expect(handBadge(hand([card('K'), card('9')], { result: 'push' }))).toBe('push');
  });

  it('draws faces: pips for 2–10, a large ace, a framed court, a back for the hole card', () => {
    for (let n = 2; n <= 10; n++) expect(PIPS[n]).toHaveLength(n);
    const seven = cardEl(card('7', 1));
    expect(seven.classList.contains('is-red')).toBe(true);
    expect(seven.querySelectorAll('.bj-pip')).toHaveLength(7);
    expect(seven.querySelector('.bj-corner__rank')?.textContent).toBe('7');
    expect(cardEl(card('A')).querySelector('.bj-ace')).not.toBeNull();
    expect(cardEl(card('Q', 3)).querySelector('.bj-court__letter')?.textContent).toBe('Q');
    const hole = cardEl(null);
    expect(hole.classList.contains('is-down')).toBe(true);
    expect(hole.querySelector('.bj-card__face')).toBeNull();
    expect(hole.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('blackjack bet', () => {
  const limits = { minBet: 100, maxBet: 10000 };

  it('adds chips up to the maximum and the balance', () => {
    expect(addChip(0, 500, limits, 100000)).toEqual({ bet: 500 });
    expect(addChip(9500, 500, limits, 100000)).toEqual({ bet: 10000 });
    expect(addChip(9500, 1000, limits, 100000)).toEqual({ refused: 'max' });
    expect(addChip(500, 1000, limits, 1200)).toEqual({ refused: 'balance' });
    expect(kurusOf(12.34)).toBe(1234);
    expect(kurusOf(0.1 + 0.2)).toBe(30);
  });

  it('deals whole lira between the limits', () => {
    expect(canDeal(0, limits)).toBe(false);
    expect(canDeal(100, limits)).toBe(true);
    expect(canDeal(150, limits)).toBe(false);
    expect(canDeal(10000, limits)).toBe(true);
    expect(canDeal(10100, limits)).toBe(false);
  });

  it('maps the move keys', () => {
    expect(actionOfKey('h')).toBe('hit');
    expect(actionOfKey('S')).toBe('stand');
    expect(actionOfKey('d')).toBe('double');
    expect(actionOfKey('p')).toBe('split');
    expect(actionOfKey('x')).toBeNull();
    expect(actionOfKey('Enter')).toBeNull();
  });
});

describe('blackjack dealing steps', () => {
  const ten = card('10');
  const seven = card('7', 1);
  const nine = card('9', 2);
  const six = card('6', 3);

  it('deals a new hand in order: player, dealer up, player, hole', () => {
    const next = view([hand([ten, seven])], [nine]);
    const steps = dealSteps(EMPTY_TABLE, next);
    expect(steps).toEqual([
      { kind: 'player', hand: 0, card: ten },
      { kind: 'dealer', card: nine },
      { kind: 'player', hand: 0, card: seven },
      { kind: 'hole' },
    ]);
    expect(run(EMPTY_TABLE, steps)).toEqual(tableOf(next));
  });

  it('deals a hand that ends at once (a blackjack) and turns the hole card over', () => {
    const next = view([hand([card('A'), card('K', 2)])], [nine, six], { finished: true });
    const steps = dealSteps(EMPTY_TABLE, next);
    expect(steps.map((s) => s.kind)).toEqual(['player', 'dealer', 'player', 'hole', 'reveal']);
    expect(steps[4]).toEqual({ kind: 'reveal', card: six });
    expect(run(EMPTY_TABLE, steps)).toEqual(tableOf(next));
  });

  it('adds a hit card to the hand', () => {
    const before = view([hand([ten, card('2')])], [nine]);
    const next = view([hand([ten, card('2'), card('5')])], [nine]);
    const steps = dealSteps(tableOf(before), next);
    expect(steps).toEqual([{ kind: 'player', hand: 0, card: card('5') }]);
  });

  it('turns the hole card over and draws for the dealer after a stand', () => {
    const before = view([hand([ten, seven])], [card('5')]);
    const next = view([hand([ten, seven], { done: true })], [card('5'), card('8'), card('4')], {
      finished: true,
    });
    const steps = dealSteps(tableOf(before), next);
    expect(steps).toEqual([
      { kind: 'reveal', card: card('8') },
      { kind: 'dealer', card: card('4') },
    ]);
    expect(run(tableOf(before), steps)).toEqual(tableOf(next));
  });

  it('moves a split card to the new hand, then deals each hand its card', () => {
    const eight = card('8');
    const eight2 = card('8', 1);
    const before = view([hand([eight, eight2])], [six]);
    const next = view([hand([eight, card('3')]), hand([eight2])], [six]);
    const steps = dealSteps(tableOf(before), next);
    expect(steps).toEqual([
      { kind: 'split', hand: 0 },
      { kind: 'player', hand: 0, card: card('3') },
    ]);
    expect(run(tableOf(before), steps)).toEqual(tableOf(next));
    // Split aces: one card each, then the dealer.
    const aces = view([hand([card('A'), card('A', 1)])], [six]);
    const done = view(
      [hand([card('A'), card('K')]), hand([card('A', 1), card('9')])],
      [six, ten, card('5')],
      { finished: true },
    );
    const steps2 = dealSteps(tableOf(aces), done);
    expect(steps2.map((s) => s.kind)).toEqual(['split', 'player', 'player', 'reveal', 'dealer']);
    expect(run(tableOf(aces), steps2)).toEqual(tableOf(done));
  });

  it('shows a view that does not follow from the table at once', () => {
    const before = view([hand([ten, seven])], [nine]);
    const other = view([hand([card('2'), card('3')])], [card('4')]);
    const steps = dealSteps(tableOf(before), other);
    expect(steps).toEqual([{ kind: 'sync', table: tableOf(other) }]);
    expect(run(tableOf(before), steps)).toEqual(tableOf(other));
    expect(dealSteps(tableOf(before), before)).toEqual([]);
  });

  it('steps every round of the rules one card at a time (the dev fixture as the server)', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const api = new GameApi('en');
    blackjackFixture(api, 'random', { delay: 0, random });
    const kinds = new Set<string>();
    for (let round = 0; round < 300; round++) {
      let shown: Table = EMPTY_TABLE;
      let next = await api.blackjackDeal<BlackjackView>(100);
      for (let moves = 0; moves < 20; moves++) {
        const steps = dealSteps(shown, next);
        expect(steps.some((s) => s.kind === 'sync')).toBe(false);
        steps.forEach((s) => kinds.add(s.kind));
        shown = run(shown, steps);
        expect(sameTable(shown, tableOf(next))).toBe(true);
        if (next.finished) break;
        // Split when allowed, else double now and then, else hit below 17.
        const total = next.hands[next.active].total;
        const action: Action = next.actions.includes('split')
          ? 'split'
          : next.actions.includes('double') && round % 3 === 0
            ? 'double'
            : total < 17
              ? 'hit'
              : 'stand';
        next = await api.blackjackAct<BlackjackView>(next.roundId, action);
      }
      expect(next.finished).toBe(true);
      expect(next.dealer.hidden).toBe(false);
    }
    expect([...kinds].sort()).toEqual(['dealer', 'hole', 'player', 'reveal', 'split']);
  });
});

describe('blackjack verify', () => {
  it('matches the round’s cards against the start of the stream', () => {
    const stream = [5, 9, 12, 40, 7, 1, 2, 3];
    expect(cardsMatch(stream, [5, 9, 12, 40, 7])).toBe(true);
    expect(cardsMatch(stream, [5, 9, 12, 41])).toBe(false);
    expect(cardsMatch(stream, [])).toBe(false);
    expect(cardsMatch([5], [5, 9])).toBe(false);
  });

  it('reads a recorded round’s outcome', () => {
    expect(blackjackOutcome(null)).toBeNull();
    expect(blackjackOutcome({ draw: { game: 'wheel' } })).toBeNull();
    const o = { game: 'blackjack', hands: [], dealer: {}, cards: [1, 2] };
    expect(blackjackOutcome(o)).toBe(o);
  });
});

describe('blackjack texts', () => {
  it('has every text in both languages', () => {
    const tr = blackjackDict('tr');
    const en = blackjackDict('en');
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    expect(tr.rules).toHaveLength(en.rules.length);
    expect(tr.actions).toEqual({
      hit: 'Kart Çek',
      stand: 'Dur',
      double: 'İkiye Katla',
      split: 'Böl',
    });
    expect(en.actions).toEqual({ hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split' });
    expect(tr.badges).toEqual({
      blackjack: 'Blackjack!',
      win: 'Kazandınız',
      push: 'Berabere',
      lose: 'Kaybettiniz',
      bust: 'Battı',
    });
    expect(en.badges.win).toBe('You win');
    expect(tr.hand(2, 2)).toBe('2. el');
    expect(en.hand(1, 1)).toBe('Your hand');
  });
});
