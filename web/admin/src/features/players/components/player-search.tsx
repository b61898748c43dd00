import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { PlayerCell } from '../../../components/ui/cells';
import { DataTable } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/field';
import { EmptyState, LoadError, Loading } from '../../../components/ui/status';
import { formatDate } from '../../../lib/format';
import {
  searchSchema,
  usePlayerSearch,
  type PlayerHit,
  type SearchValues,
} from '../api/search-players';

const column = createColumnHelper<PlayerHit>();

const columns = [
  column.accessor('id', {
    header: 'ID',
    cell: ({ getValue }) => <span className="tabular">{getValue()}</span>,
  }),
  column.accessor('username', {
    header: 'Username',
    cell: ({ row }) => <PlayerCell id={row.original.id} username={row.original.username} />,
  }),
  column.accessor('name', { header: 'Name', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('email', { header: 'E-mail', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('phone', {
    header: 'Phone',
    cell: ({ getValue }) => <span className="tabular nowrap">{getValue() ?? '—'}</span>,
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    enableGlobalFilter: false,
    cell: ({ getValue }) => <span className="nowrap">{formatDate(getValue())}</span>,
  }),
];

/** The search box; its query lives in the address (`?q=`), so a search can be shared. */
export function PlayerSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const form = useForm<SearchValues>({
    resolver: zodResolver(searchSchema),
    values: { q },
  });
  return (
    <form
      role="search"
      className="search-bar"
      noValidate
      onSubmit={form.handleSubmit((values) => onSearch(values.q))}
    >
      <TextField
        label="Find a player"
        type="search"
        placeholder="Username, e-mail, phone, TC kimlik number or id"
        className="search-bar__field"
        error={form.formState.errors.q?.message}
        autoFocus={q === ''}
        {...form.register('q')}
      />
      <button type="submit" className="btn btn--primary">
        Search
      </button>
    </form>
  );
}

/** The players a search found. */
export function PlayerResults({ q }: { q: string }) {
  const search = usePlayerSearch(q);
  if (q.trim() === '') {
    return <EmptyState>Search by username, e-mail, phone, TC kimlik number or id.</EmptyState>;
  }
  if (search.isPending) return <Loading label="Searching…" />;
  if (search.isError) return <LoadError error={search.error} onRetry={() => search.refetch()} />;
  return (
    <DataTable
      data={search.data}
      columns={columns}
      caption={`Players matching “${q}”`}
      empty={<EmptyState>No player matches “{q}”.</EmptyState>}
      getRowId={(row) => String(row.id)}
    />
  );
}
