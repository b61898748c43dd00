// Table cells and columns the queues and lists share: a player's name linking to their page, how
// long an item has waited, and the row's actions at its end.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { formatAge, formatDateTime } from '../../lib/format';

/** The player's name, a link to their page. */
export function PlayerCell({ id, username }: { id: number; username: string }) {
  return (
    <Link className="table-link" to={`/players/${id}`}>
      {username || `Player #${id}`}
    </Link>
  );
}

/** How long an item has waited, with its time on hover and for screen readers. */
export function AgeCell({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)} className="tabular">
      {formatAge(at, now)}
    </time>
  );
}

/** The Player column of a row that names its player: searched by the name, linking to the page. */
export function playerColumn<T extends { playerId: number; username: string }>() {
  return createColumnHelper<T>().accessor((row) => row.username, {
    id: 'username',
    header: 'Player',
    cell: ({ row }) => <PlayerCell id={row.original.playerId} username={row.original.username} />,
  });
}

/** The Waiting column: since `at` of the row (its `id`, to sort by), not searched. */
export function waitingColumn<T>(id: string, at: (row: T) => number, now: number) {
  return createColumnHelper<T>().accessor(at, {
    id,
    header: 'Waiting',
    enableGlobalFilter: false,
    cell: ({ getValue }) => <AgeCell at={getValue()} now={now} />,
  });
}

/** The Actions column, at the row's end. */
export function actionsColumn<T>(cell: (row: T) => ReactNode) {
  return createColumnHelper<T>().display({
    id: 'actions',
    header: 'Actions',
    meta: { align: 'end' },
    cell: ({ row }) => cell(row.original),
  });
}
