import { useMemo, useState } from 'react';
import { colours } from '@shared/tokens';
import { LineChart, type ChartSeries } from '../../../components/ui/line-chart';
import { formatMoney } from '../../../lib/format';
import type { Report } from '../api/get-report';
import { formatShortDay, formatWeekDay } from '../utils/range';

type View = 'revenue' | 'cash';

const VIEWS: { view: View; label: string }[] = [
  { view: 'revenue', label: 'GGR and NGR' },
  { view: 'cash', label: 'Deposits and withdrawals' },
];

const wholeLira = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const axisMoney = (value: number) => `${wholeLira.format(value)} ₺`;

/** The range's days as a chart: GGR and NGR, or deposits and withdrawals. */
export function ReportChart({ report }: { report: Report }) {
  const [view, setView] = useState<View>('revenue');
  const { days } = report;
  const ticks = useMemo(() => days.map((d) => formatShortDay(d.day)), [days]);
  const points = useMemo(() => days.map((d) => formatWeekDay(d.day)), [days]);
  const series = useMemo<ChartSeries[]>(
    () =>
      view === 'revenue'
        ? [
            { label: 'GGR', colour: colours.info, values: days.map((d) => d.ggr) },
            { label: 'NGR', colour: colours.accent, values: days.map((d) => d.ngr) },
          ]
        : [
            { label: 'Deposits', colour: colours.accent, values: days.map((d) => d.deposits) },
            { label: 'Withdrawals', colour: colours.gold, values: days.map((d) => d.withdrawals) },
          ],
    [days, view],
  );
  const shown = VIEWS.find((v) => v.view === view)?.label ?? '';
  return (
    <div className="stack stack--tight">
      <div className="segmented" role="group" aria-label="What the chart shows">
        {VIEWS.map((v) => (
          <button
            key={v.view}
            type="button"
            className="segmented__item"
            aria-pressed={view === v.view}
            onClick={() => setView(v.view)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <LineChart
        label={`${shown} per day, ${days.length} days. The figures are in the table Per day below.`}
        ticks={ticks}
        points={points}
        series={series}
        formatValue={formatMoney}
        formatAxis={axisMoney}
      />
    </div>
  );
}
