import type { BadgeTone } from '../../../components/ui/status';
import { labelOf } from '../../../lib/format';
import type { Market, Selection } from '../api/get-event';

/** How the sportsbook's keys and states read in the back office. */

const MARKETS: Record<string, string> = {
  '1x2': 'Match result',
  double_chance: 'Double chance',
  btts: 'Both teams to score',
  ht_ft: 'Half time / full time',
  goals_band: 'Total goals band',
  correct_score: 'Correct score',
  winner: 'Winner',
  handicap: 'Handicap',
  total: 'Total',
  set_handicap: 'Set handicap',
  total_sets: 'Total sets',
};

/** A market's name: `Match result`, `Total 2.5`, `Handicap -1`. */
export function marketName(market: Pick<Market, 'key' | 'line'>): string {
  const known = MARKETS[market.key];
  if (known) return market.line == null ? known : `${known} ${formatLine(market.line)}`;
  const total = /^total_(-?[\d.]+)$/.exec(market.key);
  if (total) return `Total goals ${total[1]}`;
  const handicap = /^handicap_(-?[\d.]+)$/.exec(market.key);
  if (handicap) return `Handicap ${handicap[1]}`;
  const base = labelOf(market.key);
  return market.line == null ? base : `${base} ${formatLine(market.line)}`;
}

const formatLine = (line: number) => (line > 0 ? `+${line}` : String(line));

/** A selection's name: `1`, `X`, `2` stay; `over` → `Over`. */
export const selectionName = (selection: Pick<Selection, 'key'>) =>
  /^[a-z]/.test(selection.key) ? labelOf(selection.key) : selection.key;

export const MARKET_STATES: Record<string, { label: string; tone: BadgeTone }> = {
  inactive: { label: 'Not open', tone: 'neutral' },
  active: { label: 'Open', tone: 'success' },
  suspended: { label: 'Suspended', tone: 'warning' },
  settled: { label: 'Settled', tone: 'info' },
  cancelled: { label: 'Void', tone: 'neutral' },
};

export const EVENT_STATES: Record<string, { label: string; tone: BadgeTone }> = {
  live: { label: 'Live', tone: 'danger' },
  scheduled: { label: 'To come', tone: 'info' },
  finished: { label: 'Finished', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export const BET_STATES: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'info' },
  open: { label: 'Open', tone: 'info' },
  won: { label: 'Won', tone: 'success' },
  lost: { label: 'Lost', tone: 'neutral' },
  void: { label: 'Void', tone: 'neutral' },
  cashed_out: { label: 'Cashed out', tone: 'warning' },
  refused: { label: 'Refused', tone: 'danger' },
};

export const RESULTS: Record<string, { label: string; tone: BadgeTone }> = {
  won: { label: 'Won', tone: 'success' },
  lost: { label: 'Lost', tone: 'neutral' },
  void: { label: 'Void', tone: 'neutral' },
};

/** A state from one of the tables above, or the raw state as words. */
export function stateOf(
  table: Record<string, { label: string; tone: BadgeTone }>,
  state: string,
): { label: string; tone: BadgeTone } {
  return table[state] ?? { label: labelOf(state), tone: 'neutral' };
}

/** What an operator may do with a market in its state (the server has the last word). */
export function marketMoves(market: Pick<Market, 'state'>) {
  const s = market.state;
  return {
    suspend: s === 'active',
    reopen: s === 'suspended',
    result: s === 'active' || s === 'suspended' || s === 'settled',
    void: s !== 'cancelled',
  };
}

/** The selection with the largest exposure across `markets` (none when nothing is exposed). */
export function largestExposure(
  markets: Market[],
): { market: Market; selection: Selection } | null {
  let best: { market: Market; selection: Selection } | null = null;
  for (const market of markets) {
    for (const selection of market.selections) {
      if (selection.exposure > 0 && (!best || selection.exposure > best.selection.exposure)) {
        best = { market, selection };
      }
    }
  }
  return best;
}

/** An event's name: `Galatasaray – Fenerbahçe`. */
export const eventName = (event: { home: string; away: string }) => `${event.home} – ${event.away}`;
