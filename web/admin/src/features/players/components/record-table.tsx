import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/status';
import { humanize } from '../../../lib/format';
import type { Row } from '../api/get-player';
import { fieldValue } from './values';

const column = createColumnHelper<Row>();

/** Every field any row has, in the order they first appear. */
function keysOf(rows: Row[]): string[] {
  const keys: string[] = [];
  for (const row of rows)
    for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/** Sorts numbers as numbers and everything else as text, empty values last. */
function comparable(value: unknown): number | string {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.toLowerCase() : JSON.stringify(value);
}

/** Rows of any shape as a table of their fields (sortable, 10 to a page). */
export function RecordTable({
  rows,
  caption,
  empty,
}: {
  rows: Row[];
  caption: string;
  empty: string;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const columns = keysOf(rows).map((key) =>
    column.accessor((row) => comparable(row[key]), {
      id: key,
      header: humanize(key),
      sortUndefined: 'last',
      meta: { align: /^amount/i.test(key) ? 'end' : 'start' },
      cell: ({ row }) => fieldValue(key, row.original[key]),
    }),
  );
  return <DataTable data={rows} columns={columns} caption={caption} empty={empty} pageSize={10} />;
}
