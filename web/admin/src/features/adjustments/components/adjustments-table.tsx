import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { actionsColumn, playerColumn, waitingColumn } from '../../../components/ui/cells';
import { DataTable } from '../../../components/ui/data-table';
import { DecisionButtons } from '../../../components/ui/decision-buttons';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/ui/status';
import { formatMoney } from '../../../lib/format';
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
    playerColumn<Adjustment>(),
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
    waitingColumn<Adjustment>('createdAt', (row) => row.createdAt, now),
    actionsColumn<Adjustment>((a) => {
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
        <DecisionButtons
          approve={{
            label: 'Apply',
            name: `Apply adjustment #${a.id}`,
            disabled: decide.isPending,
            onClick: () => act('approve'),
          }}
          reject={{
            name: `Reject adjustment #${a.id}`,
            disabled: decide.isPending,
            onClick: () => act('reject'),
          }}
        />
      );
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
