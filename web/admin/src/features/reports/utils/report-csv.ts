import { csvMoney, toCsv } from '../../../lib/csv';
import type { Report } from '../api/get-report';

/**
 * The report's tables as CSV (what "Export CSV" saves): amounts in lira as plain numbers (two
 * decimals, a point), names as the server sends them, quoted and defused by `toCsv`.
 */

/** Deposits and withdrawals per method, one row per method. */
export interface MethodRow {
  name: string;
  deposits: number;
  withdrawals: number;
  net: number;
}

export function methodRows(report: Report): MethodRow[] {
  const names = new Set([
    ...report.depositsByMethod.map((l) => l.name),
    ...report.withdrawalsByMethod.map((l) => l.name),
  ]);
  const sum = (lines: Report['depositsByMethod'], name: string) =>
    lines.filter((l) => l.name === name).reduce((total, l) => total + l.amount, 0);
  return [...names]
    .map((name) => {
      const deposits = sum(report.depositsByMethod, name);
      const withdrawals = sum(report.withdrawalsByMethod, name);
      return { name, deposits, withdrawals, net: deposits - withdrawals };
    })
    .sort((a, b) => b.deposits + b.withdrawals - (a.deposits + a.withdrawals));
}

/** A provider's GGR as a share of its bets, in percent (null without bets). */
export const margin = (bets: number, ggr: number): number | null =>
  bets > 0 ? (ggr / bets) * 100 : null;

export function daysCsv(report: Report): string {
  const t = report.totals;
  return toCsv(
    ['Day', 'Deposits', 'Withdrawals', 'Bets', 'Wins', 'GGR', 'Bonus cost', 'NGR'],
    [
      ...report.days.map((d) => [
        d.day,
        ...[d.deposits, d.withdrawals, d.bets, d.wins, d.ggr, d.bonusCost, d.ngr].map(csvMoney),
      ]),
      [
        'Total',
        ...[t.deposits, t.withdrawals, t.bets, t.wins, t.ggr, t.bonusCost, t.ngr].map(csvMoney),
      ],
    ],
  );
}

export function methodsCsv(report: Report): string {
  return toCsv(
    ['Method', 'Deposits', 'Withdrawals', 'Net'],
    methodRows(report).map((r) => [
      r.name,
      csvMoney(r.deposits),
      csvMoney(r.withdrawals),
      csvMoney(r.net),
    ]),
  );
}

export function providersCsv(report: Report): string {
  return toCsv(
    ['Provider', 'Bets', 'Wins', 'GGR', 'Margin %'],
    report.providers.map((p) => {
      const m = margin(p.bets, p.ggr);
      return [
        p.provider,
        csvMoney(p.bets),
        csvMoney(p.wins),
        csvMoney(p.ggr),
        m === null ? null : Math.round(m * 100) / 100,
      ];
    }),
  );
}

/** A CSV's file name: `kasa-report-days-2025-03-01-2025-03-07.csv`. */
export const csvName = (table: string, report: Report) =>
  `kasa-report-${table}-${report.from}-${report.to}.csv`;
