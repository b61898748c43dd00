import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import type { Report } from '../api/get-report';

interface Figure {
  label: string;
  value: number;
  note?: ReactNode;
  /** The figure the range is judged by (drawn larger). */
  key?: boolean;
}

/** The range's totals: money in and out, the games' result, what bonuses cost, what is owed. */
export function ReportSummary({ report }: { report: Report }) {
  const t = report.totals;
  const figures: Figure[] = [
    { label: 'Deposits', value: t.deposits },
    { label: 'Withdrawals', value: t.withdrawals },
    { label: 'Bets', value: t.bets },
    { label: 'Wins', value: t.wins },
    { label: 'GGR', value: t.ggr, note: 'Bets less wins', key: true },
    { label: 'Bonus cost', value: t.bonusCost, note: 'Bonus money turned into real money' },
    { label: 'NGR', value: t.ngr, note: 'GGR less bonus cost', key: true },
    { label: 'Jackpot liability', value: report.jackpotLiability, note: 'At the range’s end' },
    {
      label: 'Debts outstanding',
      value: report.debtsOutstanding,
      note: (
        <>
          {formatMoney(report.debtsRecorded)} recorded, {formatMoney(report.debtsRepaid)} repaid
        </>
      ),
    },
    { label: 'Adjustments', value: report.adjustments, note: 'Applied balance adjustments' },
  ];
  return (
    <dl className="figures">
      {figures.map((f) => (
        <div key={f.label} className={`figure${f.key ? ' figure--key' : ''}`}>
          <dt className="figure__label">{f.label}</dt>
          <dd className={`figure__value tabular${f.value < 0 ? ' negative' : ''}`}>
            {formatMoney(f.value)}
          </dd>
          {f.note ? <dd className="figure__note">{f.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
