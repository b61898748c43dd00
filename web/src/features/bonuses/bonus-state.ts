import { intlLocale } from '@/lib/format';
import type { BonusItem } from './api/get-bonuses';

/** The Bonuses page's tabs: what is running, what ended (met, given up, spent), what ran out. */
export type BonusTab = 'active' | 'finished' | 'expired';

export const BONUS_TABS: readonly BonusTab[] = ['active', 'finished', 'expired'];

/** The states the server names (bonus/list). */
export type BonusState = 'active' | 'completed' | 'expired' | 'forfeited' | 'spent';

const TAB_OF_STATE: Record<BonusState, BonusTab> = {
  active: 'active',
  completed: 'finished',
  forfeited: 'finished',
  spent: 'finished',
  expired: 'expired',
};

export function isBonusState(state: string): state is BonusState {
  return Object.hasOwn(TAB_OF_STATE, state);
}

/** A state's tab; a state this app does not know yet is an ended bonus: Finished. */
export function tabOf(state: string): BonusTab {
  return isBonusState(state) ? TAB_OF_STATE[state] : 'finished';
}

/** The bonuses by tab, each tab keeping the server's order (newest first). */
export function groupBonuses(items: readonly BonusItem[]): Record<BonusTab, BonusItem[]> {
  const groups: Record<BonusTab, BonusItem[]> = { active: [], finished: [], expired: [] };
  for (const item of items) groups[tabOf(item.state)].push(item);
  return groups;
}

/** The tab the page opens on: Active, unless it is empty and another tab is not. */
export function initialTab(groups: Record<BonusTab, BonusItem[]>): BonusTab {
  if (groups.active.length > 0) return 'active';
  return BONUS_TABS.find((tab) => groups[tab].length > 0) ?? 'active';
}

export type WagerProgress = {
  /** Lira wagered towards the requirement, at most the requirement. */
  wagered: number;
  required: number;
  /** What is left to wager. */
  remaining: number;
  /** 0..100, whole, rounded down: 100 only once the requirement is met. */
  percent: number;
};

const toCents = (n: number) => Math.round(n * 100);
const cents = (n: number) => toCents(n) / 100;

/**
 * The wagering of a bonus: wagered of required, in lira and as a whole percentage for the bar.
 * A completed bonus, or one without a requirement, is at 100; the percentage is rounded down so
 * the bar never shows 100 before the requirement is met (and shows 0 until a bet counts).
 */
export function wagerProgress(
  item: Pick<BonusItem, 'wagered' | 'wagerRequired' | 'state'>,
): WagerProgress {
  const required = Math.max(0, cents(item.wagerRequired));
  const wagered = Math.min(Math.max(0, cents(item.wagered)), required);
  if (item.state === 'completed' || required === 0) {
    return { wagered: required, required, remaining: 0, percent: 100 };
  }
  // In whole cents, so 29 of 100 is 29 % (0.29 * 100 is 28.999… in floating point).
  const percent = Math.min(100, Math.floor((toCents(wagered) * 100) / toCents(required)));
  return { wagered, required, remaining: cents(required - wagered), percent };
}

/** A whole percentage in the language: "%30" in Turkish, "30%" in English. */
export function formatPercent(percent: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 0 })
    .format(percent / 100)
    .replace(/\s/g, '');
}
