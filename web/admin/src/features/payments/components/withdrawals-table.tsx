import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { PlayerCell, actionsColumn, waitingColumn } from '../../../components/ui/cells';
import { DataTable } from '../../../components/ui/data-table';
import { DecisionButtons } from '../../../components/ui/decision-buttons';
import { Badge, EmptyState, LoadError, Loading, Notice } from '../../../components/ui/status';
import { formatMoney } from '../../../lib/format';
import { useApprovePayment, type Approved } from '../api/approve-payment';
import { useWithdrawals, type Withdrawal } from '../api/get-withdrawals';
import { IDENTITY, IdentityBadge } from './identity-badge';
import { RequestCell, detailLine } from './payment-parts';
import { RejectPaymentDialog, type RejectTarget } from './reject-payment-dialog';
import { useNow } from '../../../lib/use-now';

/** What an approval did, in words. */
export function approvalText(reference: string, result: Approved): string {
  const said = result.message ? ` ${result.message}` : '';
  if (result.status === 'confirmed')
    return `Withdrawal ${reference} approved and confirmed.${said}`;
  if (result.status === 'pending') {
    return `Withdrawal ${reference}: approval ${result.approvals} of ${result.approvalsNeeded} recorded, waiting for a second approval by another staff member.${said}`;
  }
  return `Withdrawal ${reference}: ${result.status}.${said}`;
}

const column = createColumnHelper<Withdrawal>();

/**
 * The withdrawals queue: every pending withdrawal with what a reviewer weighs; Approve and
 * Reject (a reason) for a member with `payments.decide`. A withdrawal this member approved already
 * waits for someone else.
 */
export function WithdrawalsTable({ canDecide, staffId }: { canDecide: boolean; staffId: number }) {
  const withdrawals = useWithdrawals();
  const now = useNow();
  const approve = useApprovePayment();
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  if (withdrawals.isPending) return <Loading label="Loading withdrawals…" />;
  if (withdrawals.isError) {
    return <LoadError error={withdrawals.error} onRetry={() => withdrawals.refetch()} />;
  }

  const onApprove = (row: Withdrawal) => {
    setNotice(null);
    setBusyId(row.id);
    approve.mutate(row.id, {
      onSuccess: (result) =>
        setNotice({
          tone: result.status === 'confirmed' ? 'success' : 'info',
          text: approvalText(row.reference, result),
        }),
      onSettled: () => setBusyId(null),
    });
  };

  const columns = [
    column.accessor((row) => `#${row.id} ${row.reference}`, {
      id: 'request',
      header: 'Request',
      cell: ({ row }) => <RequestCell id={row.original.id} reference={row.original.reference} />,
    }),
    column.accessor('username', {
      header: 'Player',
      cell: ({ row }) => (
        <div className="cell-stack cell-stack--start">
          <PlayerCell id={row.original.playerId} username={row.original.username} />
          <IdentityBadge state={row.original.identity} />
        </div>
      ),
    }),
    column.accessor('amount', {
      header: 'Amount',
      meta: { align: 'end' },
      cell: ({ row }) => (
        <div className="cell-stack">
          <strong className="tabular nowrap">{formatMoney(row.original.amount)}</strong>
          <span className="muted small cell-note">{row.original.method}</span>
        </div>
      ),
    }),
    // Searched and filtered, shown under the amount and in the row's detail line.
    column.accessor((row) => `${row.method} ${detailLine(row.detail)}`, {
      id: 'method',
      header: 'Method',
    }),
    waitingColumn<Withdrawal>('createdAt', (row) => row.createdAt, now),
    // Filtered by the Identity select; shown under the player's name.
    column.accessor('identity', { header: 'Identity', filterFn: 'equalsString' }),
    column.accessor((row) => row.approvals.length, {
      id: 'approvals',
      header: 'Approvals',
      enableGlobalFilter: false,
      cell: ({ row }) => {
        const { approvals, approvalsNeeded } = row.original;
        return (
          <div className="cell-stack">
            <span className="tabular">
              {approvals.length} of {approvalsNeeded}
            </span>
            {approvals.length > 0 ? (
              <span className="muted small">{approvals.map((a) => a.username).join(', ')}</span>
            ) : null}
          </div>
        );
      },
    }),
    ...(canDecide
      ? [
          actionsColumn<Withdrawal>((w) => {
            const mine = w.approvals.some((a) => a.staffId === staffId);
            return (
              <DecisionButtons
                approve={{
                  label: busyId === w.id ? 'Approving…' : mine ? 'Approved' : 'Approve',
                  name: mine ? `You approved ${w.reference}` : `Approve withdrawal ${w.reference}`,
                  disabled: mine || busyId === w.id,
                  title: mine
                    ? 'You approved this one: another staff member approves next.'
                    : undefined,
                  onClick: () => onApprove(w),
                }}
                reject={{
                  name: `Reject withdrawal ${w.reference}`,
                  onClick: () => setRejecting({ ...w, kind: 'withdrawal' }),
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
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      ) : null}
      {!canDecide ? (
        <Notice>You can read this queue; approving and rejecting needs the finance role.</Notice>
      ) : null}
      <DataTable
        data={withdrawals.data}
        columns={columns}
        caption="Pending withdrawals"
        empty={<EmptyState>No withdrawal is waiting.</EmptyState>}
        searchLabel="Search"
        searchPlaceholder="Player, reference, method"
        filters={[
          {
            columnId: 'identity',
            label: 'Identity',
            options: Object.entries(IDENTITY).map(([value, { label }]) => ({ value, label })),
          },
        ]}
        initialSorting={[{ id: 'createdAt', desc: false }]}
        hiddenColumns={['method', 'identity']}
        getRowId={(row) => String(row.id)}
        renderDetail={(w) => (
          <div className="row-detail">
            <div className="row-detail__risk">
              <span className="row-detail__label">Risk</span>
              {w.risk.length === 0 ? (
                <span className="muted">No notes</span>
              ) : (
                <ul className="chips" aria-label="Risk notes">
                  {w.risk.map((note) => (
                    <li key={note}>
                      <Badge tone="warning">{note}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {detailLine(w.detail) ? (
              <p className="row-detail__method mono small" title={detailLine(w.detail)}>
                {detailLine(w.detail)}
              </p>
            ) : null}
            <dl className="row-detail__figures">
              <div>
                <dt>Deposited 30 d</dt>
                <dd className="tabular">{formatMoney(w.deposited30d)}</dd>
              </div>
              <div>
                <dt>Staked 30 d</dt>
                <dd className="tabular">{formatMoney(w.staked30d)}</dd>
              </div>
              <div>
                <dt>Won 30 d</dt>
                <dd className="tabular">{formatMoney(w.won30d)}</dd>
              </div>
            </dl>
          </div>
        )}
      />
      <RejectPaymentDialog
        target={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(target) => {
          setRejecting(null);
          setNotice({ tone: 'success', text: `Withdrawal ${target.reference} rejected.` });
        }}
      />
    </>
  );
}
