import { useMemo } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { Section } from '../../../components/ui/page';
import { EmptyState } from '../../../components/ui/status';
import { downloadCsv } from '../../../lib/csv';
import { formatMoney } from '../../../lib/format';
import type { ProviderLine, Report, ReportDay } from '../api/get-report';
import { formatWeekDay } from '../utils/range';
import {
  csvName,
  daysCsv,
  margin,
  methodRows,
  methodsCsv,
  providersCsv,
  type MethodRow,
} from '../utils/report-csv';

/** An amount in a cell: lira, red below zero. */
function Money({ value }: { value: number }) {
  return (
    <span className={`tabular nowrap${value < 0 ? ' negative' : ''}`}>{formatMoney(value)}</span>
  );
}

function ExportButton({ table, label, csv }: { table: string; label: string; csv: () => string }) {
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      aria-label={`Export CSV of ${label}`}
      onClick={() => downloadCsv(table, csv())}
    >
      Export CSV
    </button>
  );
}

const money = { align: 'end' as const };
const day = createColumnHelper<ReportDay>();
const method = createColumnHelper<MethodRow>();
const provider = createColumnHelper<ProviderLine>();

/** A column of lira amounts: right-aligned, sortable, not searched. */
function amount<T>(key: keyof T & string, header: string): ColumnDef<T, number> {
  return {
    id: key,
    accessorFn: (row) => Number(row[key]),
    header,
    meta: money,
    enableGlobalFilter: false,
    cell: ({ getValue }) => <Money value={getValue()} />,
  };
}

const dayColumns = [
  day.accessor('day', {
    header: 'Day',
    cell: ({ getValue }) => (
      <time dateTime={getValue()} className="nowrap">
        {formatWeekDay(getValue())}
      </time>
    ),
  }),
  amount<ReportDay>('deposits', 'Deposits'),
  amount<ReportDay>('withdrawals', 'Withdrawals'),
  amount<ReportDay>('bets', 'Bets'),
  amount<ReportDay>('wins', 'Wins'),
  amount<ReportDay>('ggr', 'GGR'),
  amount<ReportDay>('bonusCost', 'Bonus cost'),
  amount<ReportDay>('ngr', 'NGR'),
];

const methodColumns = [
  method.accessor('name', { header: 'Method' }),
  amount<MethodRow>('deposits', 'Deposits'),
  amount<MethodRow>('withdrawals', 'Withdrawals'),
  amount<MethodRow>('net', 'Net'),
];

const providerColumns = [
  provider.accessor('provider', { header: 'Provider' }),
  amount<ProviderLine>('bets', 'Bets'),
  amount<ProviderLine>('wins', 'Wins'),
  amount<ProviderLine>('ggr', 'GGR'),
  provider.accessor((row) => margin(row.bets, row.ggr) ?? -Infinity, {
    id: 'margin',
    header: 'Margin',
    meta: money,
    enableGlobalFilter: false,
    cell: ({ row }) => {
      const m = margin(row.original.bets, row.original.ggr);
      return m === null ? (
        <span className="muted">—</span>
      ) : (
        <span className={`tabular${m < 0 ? ' negative' : ''}`}>{m.toFixed(1)} %</span>
      );
    },
  }),
];

/** The report's tables, each with its CSV: per day, per payment method, per game provider. */
export function ReportTables({ report }: { report: Report }) {
  // The same rows while the report is the same (a new array would send the table to its first page).
  const methods = useMemo(() => methodRows(report), [report]);
  return (
    <>
      <Section
        title="Per day"
        actions={
          <ExportButton
            table={csvName('days', report)}
            label="the days"
            csv={() => daysCsv(report)}
          />
        }
      >
        <DataTable
          data={report.days}
          columns={dayColumns}
          caption="Per day"
          empty={<EmptyState>No day in the range.</EmptyState>}
          pageSize={50}
          getRowId={(row) => row.day}
        />
      </Section>
      <Section
        title="Per payment method"
        actions={
          <ExportButton
            table={csvName('methods', report)}
            label="the payment methods"
            csv={() => methodsCsv(report)}
          />
        }
      >
        <DataTable
          data={methods}
          columns={methodColumns}
          caption="Per payment method"
          empty={<EmptyState>No deposit or withdrawal in the range.</EmptyState>}
          getRowId={(row) => row.name}
        />
      </Section>
      <Section
        title="Per game provider"
        actions={
          <ExportButton
            table={csvName('providers', report)}
            label="the game providers"
            csv={() => providersCsv(report)}
          />
        }
      >
        <DataTable
          data={report.providers}
          columns={providerColumns}
          caption="Per game provider"
          empty={<EmptyState>No bet in the range.</EmptyState>}
          initialSorting={[{ id: 'bets', desc: true }]}
          getRowId={(row) => row.provider}
        />
      </Section>
    </>
  );
}
