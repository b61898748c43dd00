import { createColumnHelper } from '@tanstack/react-table';
import { PlayerCell } from '../../../components/ui/cells';
import { DataTable } from '../../../components/ui/data-table';
import { Badge, EmptyState } from '../../../components/ui/status';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { Bet } from '../api/get-event';
import { BET_STATES, stateOf } from '../utils/labels';

const column = createColumnHelper<Bet>();

const money = (value: number, muted = false) => (
  <span className={`tabular nowrap${muted ? ' muted' : ''}`}>{formatMoney(value)}</span>
);

const columns = [
  column.accessor('id', {
    header: 'Bet',
    cell: ({ getValue }) => <span className="tabular">#{getValue()}</span>,
  }),
  column.accessor('username', {
    header: 'Player',
    cell: ({ row }) => <PlayerCell id={row.original.playerId} username={row.original.username} />,
  }),
  column.accessor('stake', {
    header: 'Stake',
    enableGlobalFilter: false,
    meta: { align: 'end' },
    cell: ({ getValue }) => money(getValue()),
  }),
  column.accessor('potential', {
    header: 'Potential',
    enableGlobalFilter: false,
    meta: { align: 'end' },
    cell: ({ getValue }) => money(getValue()),
  }),
  column.accessor('payout', {
    header: 'Payout',
    enableGlobalFilter: false,
    meta: { align: 'end' },
    cell: ({ getValue }) => money(getValue(), getValue() === 0),
  }),
  column.accessor('state', {
    header: 'State',
    filterFn: 'equals',
    cell: ({ getValue }) => {
      const state = stateOf(BET_STATES, getValue());
      return <Badge tone={state.tone}>{state.label}</Badge>;
    },
  }),
  column.accessor('placedAt', {
    header: 'Placed',
    enableGlobalFilter: false,
    cell: ({ getValue }) => (
      <time className="tabular nowrap" dateTime={new Date(getValue()).toISOString()}>
        {formatDateTime(getValue())}
      </time>
    ),
  }),
];

/** The event's bets, newest first (single bets and multiples holding one of its selections). */
export function BetsTable({ bets }: { bets: Bet[] }) {
  const states = [...new Set(bets.map((b) => b.state))].sort();
  return (
    <DataTable
      data={bets}
      columns={columns}
      caption="Bets on the event"
      empty={<EmptyState>No bet on this event yet.</EmptyState>}
      searchLabel="Search"
      searchPlaceholder="Player or bet number"
      filters={[
        {
          columnId: 'state',
          label: 'State',
          options: states.map((s) => ({ value: s, label: stateOf(BET_STATES, s).label })),
        },
      ]}
      initialSorting={[{ id: 'id', desc: true }]}
      getRowId={(row) => String(row.id)}
    />
  );
}
