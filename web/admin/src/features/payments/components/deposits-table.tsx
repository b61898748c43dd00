import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { actionsColumn, playerColumn, waitingColumn } from '../../../components/ui/cells';
import { DataTable } from '../../../components/ui/data-table';
import { DecisionButtons } from '../../../components/ui/decision-buttons';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/ui/status';
import { formatMoney } from '../../../lib/format';
import { useApprovePayment } from '../api/approve-payment';
import { useDeposits, type Deposit } from '../api/get-deposits';
import { RequestCell } from './payment-parts';
import { RejectPaymentDialog, type RejectTarget } from './reject-payment-dialog';
import { useNow } from '../../../lib/use-now';

const column = createColumnHelper<Deposit>();

/** Pending deposits an operator confirms (bank transfer, e-wallet): approve or reject. */
export function DepositsTable({ canDecide }: { canDecide: boolean }) {
  const deposits = useDeposits();
  const now = useNow();
  const approve = useApprovePayment();
  const [notice, setNotice] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  if (deposits.isPending) return <Loading label="Loading deposits…" />;
  if (deposits.isError) {
    return <LoadError error={deposits.error} onRetry={() => deposits.refetch()} />;
  }

  const columns = [
    column.accessor((row) => `#${row.id} ${row.reference}`, {
      id: 'request',
      header: 'Request',
      cell: ({ row }) => <RequestCell id={row.original.id} reference={row.original.reference} />,
    }),
    playerColumn<Deposit>(),
    column.accessor('amount', {
      header: 'Amount',
      meta: { align: 'end' },
      cell: ({ getValue }) => <strong className="tabular">{formatMoney(getValue())}</strong>,
    }),
    column.accessor('method', { header: 'Method' }),
    waitingColumn<Deposit>('createdAt', (row) => row.createdAt, now),
    ...(canDecide
      ? [
          actionsColumn<Deposit>((d) => {
            return (
              <DecisionButtons
                approve={{
                  label: busyId === d.id ? 'Approving…' : 'Approve',
                  name: `Approve deposit ${d.reference}`,
                  disabled: busyId === d.id,
                  onClick: () => {
                    setNotice(null);
                    setBusyId(d.id);
                    approve.mutate(d.id, {
                      onSuccess: (result) =>
                        setNotice(
                          result.status === 'confirmed'
                            ? `Deposit ${d.reference} approved: the player's balance is credited.`
                            : result.status === 'pending'
                              ? `Deposit ${d.reference}: approval ${result.approvals} of ${result.approvalsNeeded} recorded, waiting for a second approval by another staff member.`
                              : `Deposit ${d.reference}: ${result.status}.`,
                        ),
                      onSettled: () => setBusyId(null),
                    });
                  },
                }}
                reject={{
                  name: `Reject deposit ${d.reference}`,
                  onClick: () => setRejecting({ ...d, kind: 'deposit' }),
                }}
              />
            );
          }),
        ]
      : []),
  ];

  return (
    <>
      {notice ? (
        <Notice tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Notice>
      ) : null}
      <DataTable
        data={deposits.data}
        columns={columns}
        caption="Pending deposits"
        empty={<EmptyState>No deposit is waiting.</EmptyState>}
        searchLabel="Search"
        searchPlaceholder="Player, reference, method"
        initialSorting={[{ id: 'createdAt', desc: false }]}
        getRowId={(row) => String(row.id)}
      />
      <RejectPaymentDialog
        target={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(target) => {
          setRejecting(null);
          setNotice(`Deposit ${target.reference} rejected.`);
        }}
      />
    </>
  );
}
