/** Blackjack's panels: the rules and payouts, and the provably-fair check of a round's shoe. */
import { h, textTable } from '../kit/dom';
import type { RoundData } from '../kit/types';
import type { BlackjackDict } from './blackjack-i18n';
import {
  blackjackOutcome,
  cardText,
  cardsMatch,
  handBadge,
  isCard,
  type BlackjackDraw,
  type BlackjackInfo,
} from './blackjack-logic';
import { isRed } from './cards';
import { list, type TableShell } from './shell';
import type { Draw, TableInfo } from './types';

/** The shell's view of the game (its limits are the bet's). */
export function tableInfo(info: BlackjackInfo): TableInfo {
  return {
    code: info.code,
    // The shell only names the page's body class after the kind (table-blackjack).
    kind: info.kind as unknown as TableInfo['kind'],
    name: info.name,
    description: info.description,
    chips: info.chips,
    maxStakes: 1,
    maxStake: info.maxBet,
    maxTotal: info.maxBet,
    rtp: info.rtp,
    maxWinX: info.maxWinX,
    wheel: [],
    red: [],
    pays: [],
    rtps: [],
  };
}

function miniCard(card: number, used: boolean): HTMLElement {
  return h('li', {
    class: `bj-mini${isRed(card) ? ' is-red' : ''}${used ? ' is-used' : ''}`,
    text: cardText(card),
  });
}

export function verifyView(shell: () => TableShell, bt: BlackjackDict) {
  return (draw: Draw, round: RoundData<unknown> | undefined): Node[] => {
    const s = shell();
    const stream = ((draw as unknown as BlackjackDraw).cards ?? []).filter(isCard);
    const rec = blackjackOutcome(round?.outcome);
    const used = rec?.cards ?? [];
    const n = Math.min(stream.length, Math.max(used.length, 12));
    const nodes: Node[] = [h('h4', { text: s.dict.verifyResult })];
    if (rec) {
      const same = cardsMatch(stream, used);
      nodes.push(
        h('p', {
          class: same ? 'ok' : 'error',
          text: same ? bt.verifyUsed(used.length) : bt.verifyNotUsed,
        }),
      );
    }
    const minis = h('ol', { class: 'bj-minis', 'aria-label': bt.verifyShoe(n) });
    stream.slice(0, n).forEach((c, i) => minis.append(miniCard(c, i < used.length)));
    nodes.push(
      h('p', { class: 'muted small', text: bt.verifyShoe(n) }),
      minis,
      h('p', { class: 'muted small', text: bt.verifyOrder }),
    );
    if (rec) {
      const line = (label: string, cards: number[], total: string, tail: string) =>
        h(
          'li',
          {},
          h('b', { text: `${label}: ` }),
          `${cards.map(cardText).join(' ')} (${total})${tail}`,
        );
      const items = h('ul', { class: 'rules bj-verify-hands' });
      items.append(
        line(
          bt.dealer,
          rec.dealer.cards,
          String(rec.dealer.total),
          rec.dealer.bust ? ` · ${bt.dealerBust}` : '',
        ),
      );
      rec.hands.forEach((hand, i) => {
        const badge = handBadge(hand);
        const tail = [badge ? bt.badges[badge] : '', hand.win > 0 ? `+${s.money(hand.win)}` : '']
          .filter(Boolean)
          .join(' · ');
        items.append(
          line(
            rec.hands.length > 1 ? bt.hand(i + 1, rec.hands.length) : bt.player,
            hand.cards,
            String(hand.total),
            tail ? ` · ${tail}` : '',
          ),
        );
      });
      nodes.push(h('h4', { text: bt.verifyRound }), items);
    }
    return nodes;
  };
}

export function infoSections(shell: TableShell, bt: BlackjackDict): Node[] {
  return [
    h('p', { class: 'muted small', text: bt.rtpNote }),
    h('h3', { text: bt.payouts }),
    textTable(
      'rounds__table',
      [],
      bt.payoutRows.map(([what, pays]) => [what, { class: 'nowrap', text: pays }]),
    ),
    h('h3', { text: shell.tt.rules }),
    list(bt.rules),
    h('p', { class: 'muted small', text: bt.keys }),
  ];
}
