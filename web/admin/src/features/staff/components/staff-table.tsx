import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import { DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Badge, EmptyState, LoadError, Loading, Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { formatDate, labelOf } from '../../../lib/format';
import { ROLES } from '../../../lib/permissions';
import { useConfirmStaff } from '../api/confirm-staff';
import { useDisableStaff } from '../api/disable-staff';
import { useStaff, type StaffRow } from '../api/get-staff';

const column = createColumnHelper<StaffRow>();

/**
 * Every staff member, with Confirm for a member another administrator created (four-eyes: they
 * cannot sign in before), and Disable (after a confirmation) for those still active.
 */
export function StaffTable({ myId }: { myId: number }) {
  const staff = useStaff();
  const [disabling, setDisabling] = useState<StaffRow | null>(null);
  if (staff.isPending) return <Loading label="Loading staff…" />;
  if (staff.isError) return <LoadError error={staff.error} onRetry={() => staff.refetch()} />;
  const columns = [
    column.accessor('id', {
      header: 'ID',
      cell: ({ getValue }) => <span className="tabular">{getValue()}</span>,
    }),
    column.accessor('username', {
      header: 'Username',
      cell: ({ row }) => (
        <strong>
          {row.original.username}
          {row.original.id === myId ? <span className="muted small"> (you)</span> : null}
        </strong>
      ),
    }),
    column.accessor((row) => row.roles.join(' '), {
      id: 'roles',
      header: 'Roles',
      cell: ({ row }) => (
        <ul className="chips" aria-label="Roles">
          {row.original.roles.map((role) => (
            <li key={role}>
              <Badge tone="info">
                {ROLES.find((r) => r.role === role)?.label ?? labelOf(role)}
              </Badge>
            </li>
          ))}
        </ul>
      ),
    }),
    column.accessor(
      (row) =>
        row.disabledAt
          ? 'disabled'
          : row.confirmed === false
            ? 'unconfirmed'
            : row.enrolled === false
              ? 'new'
              : 'active',
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) =>
          row.original.disabledAt ? (
            <Badge tone="danger">Disabled {formatDate(row.original.disabledAt)}</Badge>
          ) : row.original.confirmed === false ? (
            <Badge tone="warning">Waiting for a second administrator</Badge>
          ) : row.original.enrolled === false ? (
            <Badge tone="warning">No authenticator yet</Badge>
          ) : (
            <Badge tone="success">Active</Badge>
          ),
      },
    ),
    column.accessor((row) => row.createdAt ?? 0, {
      id: 'createdAt',
      header: 'Created',
      enableGlobalFilter: false,
      cell: ({ row }) => <span className="nowrap">{formatDate(row.original.createdAt)}</span>,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { align: 'end' },
      cell: ({ row }) =>
        row.original.disabledAt || row.original.id === myId ? null : (
          <div className="row-actions">
            {row.original.confirmed === false && row.original.createdBy !== myId ? (
              <ConfirmButton member={row.original} />
            ) : null}
            <button
              type="button"
              className="btn btn--danger-ghost btn--sm"
              aria-label={`Disable ${row.original.username}`}
              onClick={() => setDisabling(row.original)}
            >
              Disable
            </button>
          </div>
        ),
    }),
  ];
  return (
    <>
      <DataTable
        data={staff.data}
        columns={columns}
        caption="Staff members"
        empty={<EmptyState>No staff member yet.</EmptyState>}
        searchLabel="Search"
        searchPlaceholder="Username or role"
        getRowId={(row) => String(row.id)}
      />
      <Dialog
        open={disabling !== null}
        onClose={() => setDisabling(null)}
        tone="danger"
        title={disabling ? `Disable ${disabling.username}?` : 'Disable'}
        description="They are signed out everywhere at once and cannot sign in again."
      >
        {disabling ? <DisableConfirm member={disabling} onDone={() => setDisabling(null)} /> : null}
      </Dialog>
    </>
  );
}

function DisableConfirm({ member, onDone }: { member: StaffRow; onDone: () => void }) {
  const disable = useDisableStaff();
  return (
    <div className="form">
      {disable.isError ? <Notice tone="error">{errorText(disable.error)}</Notice> : null}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onDone} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={disable.isPending}
          onClick={() =>
            disable.mutate(member.id, {
              onSuccess: () => {
                toast.success(`${member.username} is disabled.`);
                onDone();
              },
            })
          }
        >
          {disable.isPending ? 'Disabling…' : `Disable ${member.username}`}
        </button>
      </div>
    </div>
  );
}

function ConfirmButton({ member }: { member: StaffRow }) {
  const confirm = useConfirmStaff();
  return (
    <button
      type="button"
      className="btn btn--primary btn--sm"
      aria-label={`Confirm ${member.username}`}
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(member.id, {
          onSuccess: () => toast.success(`${member.username} is confirmed and can sign in.`),
          onError: (error) => toast.error(errorText(error)),
        })
      }
    >
      Confirm
    </button>
  );
}
