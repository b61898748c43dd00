import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { Badge, EmptyState, LoadError, Loading } from '../../../components/ui/status';
import { formatDateTime, formatMoney, labelOf } from '../../../lib/format';
import { useEvents, type EventRow } from '../api/get-events';
import { EVENT_STATES, eventName, stateOf } from '../utils/labels';

const column = createColumnHelper<EventRow>();

const columns = [
  column.accessor((row) => `${eventName(row)} ${labelOf(row.competition)}`, {
    id: 'event',
    header: 'Event',
    meta: { fill: true },
    cell: ({ row }) => (
      <div className="cell-stack">
        <Link className="table-link" to={`/sports/${row.original.id}`}>
          {eventName(row.original)}
        </Link>
        <span className="muted small">{labelOf(row.original.competition)}</span>
      </div>
    ),
  }),
  column.accessor('sport', {
    header: 'Sport',
    filterFn: 'equals',
    cell: ({ getValue }) => labelOf(getValue()),
  }),
  column.accessor('startsAt', {
    header: 'Starts',
    enableGlobalFilter: false,
    cell: ({ getValue }) => (
      <time className="tabular nowrap" dateTime={new Date(getValue()).toISOString()}>
        {formatDateTime(getValue())}
      </time>
    ),
  }),
  column.accessor('state', {
    header: 'State',
    filterFn: 'equals',
    // Live first, then to come, then the rest (the server's order).
    sortingFn: (a, b) => rank(a.original.state) - rank(b.original.state),
    cell: ({ getValue }) => {
      const state = stateOf(EVENT_STATES, getValue());
      return <Badge tone={state.tone}>{state.label}</Badge>;
    },
  }),
  column.accessor('score', {
    header: 'Score',
    enableGlobalFilter: false,
    enableSorting: false,
    meta: { align: 'end' },
    cell: ({ row }) =>
      row.original.state === 'scheduled' ? (
        <span className="muted">—</span>
      ) : (
        <strong className="tabular nowrap">{row.original.score}</strong>
      ),
  }),
  column.accessor('openStakes', {
    header: 'Open stakes',
    enableGlobalFilter: false,
    meta: { align: 'end' },
    cell: ({ getValue }) => (
      <span className={`tabular nowrap${getValue() > 0 ? '' : ' muted'}`}>
        {formatMoney(getValue())}
      </span>
    ),
  }),
];

const rank = (state: string) => (state === 'live' ? 0 : state === 'scheduled' ? 1 : 2);

/** The sportsbook's events: live first, then to come, then the last day's finished ones. */
export function EventsTable() {
  const events = useEvents();
  if (events.isPending) return <Loading label="Loading the events…" />;
  if (events.isError) return <LoadError error={events.error} onRetry={() => events.refetch()} />;
  const sports = [...new Set(events.data.map((e) => e.sport))].sort();
  const states = [...new Set(events.data.map((e) => e.state))].sort((a, b) => rank(a) - rank(b));
  return (
    <DataTable
      data={events.data}
      columns={columns}
      caption="Sportsbook events"
      empty={<EmptyState>No event is live or to come.</EmptyState>}
      searchLabel="Search"
      searchPlaceholder="Team or competition"
      filters={[
        {
          columnId: 'state',
          label: 'State',
          options: states.map((s) => ({ value: s, label: stateOf(EVENT_STATES, s).label })),
        },
        {
          columnId: 'sport',
          label: 'Sport',
          options: sports.map((s) => ({ value: s, label: labelOf(s) })),
        },
      ]}
      getRowId={(row) => String(row.id)}
    />
  );
}
