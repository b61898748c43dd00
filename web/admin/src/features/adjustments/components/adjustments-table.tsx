import { useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/ui/status';
import { formatAge, formatDateTime, formatMoney } from '../../../lib/format';
import { useDecideAdjustment } from '../api/decide-adjustment';
import { useAdjustments, type Adjustment } from '../api/get-adjustments';
import { useNow } from '../../../lib/use-now';

const column = createColumnHelper<Adjustment>();

/** Balance adjustments asked by one finance member, for another to apply or reject. */
export function AdjustmentsTable({ username }: { username: string }) {
  const adjustments = useAdjustments();
  const now = useNow();
  const decide = useDecideAdjustment();
  const [notice, setNotice] = useState<string | null>(null);
  if (adjustments.isPending) return <Loading label="Loading adjustments…" />;
  if (adjustments.isError) {
    return <LoadError error={adjustments.error} onRetry={() => adjustments.refetch()} />;
  }
  const columns = [
    column.accessor('id', {
      header: 'Adjustment',
      cell: ({ getValue }) => <span className="tabular">#{getValue()}</span>,
    }),
    column.accessor('username', {
      header: 'Player',
      cell: ({ row }) => (
        <Link className="table-link" to={`/players/${row.original.playerId}`}>
          {row.original.username}
        </Link>
      ),
    }),
    column.accessor('amount', {
      header: 'Amount',
      meta: { align: 'end' },
      cell: ({ getValue }) => (
        <strong className={`tabular${getValue() < 0 ? ' negative' : ''}`}>
          {formatMoney(getValue())}
        </strong>
      ),
    }),
    column.accessor('reason', { header: 'Reason', meta: { width: '30%' } }),
    column.accessor('askedBy', { header: 'Asked by' }),
    column.accessor('createdAt', {
      header: 'Waiting',
      enableGlobalFilter: false,
      cell: ({ getValue }) => (
        <span title={formatDateTime(getValue())}>{formatAge(getValue(), now)}</span>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { align: 'end' },
      cell: ({ row }) => {
        const a = row.original;
        if (a.askedBy === username) {
          return <span className="muted small">Another member decides</span>;
        }
        const act = (decision: 'approve' | 'reject') =>
          decide.mutate(
            { id: a.id, decision },
            {
              onSuccess: () =>
                setNotice(
                  `Adjustment #${a.id} of ${formatMoney(a.amount)} for ${a.username} ${decision === 'approve' ? 'applied' : 'rejected'}.`,
                ),
            },
          );
        return (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={decide.isPending}
              aria-label={`Apply adjustment #${a.id}`}
              onClick={() => act('approve')}
            >
              Apply
            </button>
            <button
              type="button"
              className="btn btn--danger-ghost btn--sm"
              disabled={decide.isPending}
              aria-label={`Reject adjustment #${a.id}`}
              onClick={() => act('reject')}
            >
              Reject
            </button>
          </div>
        );
      },
    }),
  ];
  return (
    <>
      {notice ? (
        <Notice tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Notice>
      ) : null}
      <DataTable
        data={adjustments.data}
        columns={columns}
        caption="Balance adjustments waiting for approval"
        empty={<EmptyState>No adjustment is waiting.</EmptyState>}
        initialSorting={[{ id: 'createdAt', desc: false }]}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}
