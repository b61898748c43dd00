import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionForm } from '../../../components/ui/action-form';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { rejectSchema, useRejectPayment, type RejectValues } from '../api/reject-payment';

export interface RejectTarget {
  id: number;
  reference: string;
  username: string;
  amount: number;
  kind: 'withdrawal' | 'deposit';
}

/** Asks the reason for rejecting a request (the player reads it), then rejects it. */
export function RejectPaymentDialog({
  target,
  onClose,
  onRejected,
}: {
  target: RejectTarget | null;
  onClose: () => void;
  onRejected: (target: RejectTarget) => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={target ? `Reject ${target.kind} ${target.reference}` : 'Reject'}
      tone="danger"
      description={
        target ? (
          <>
            {formatMoney(target.amount)} for <strong>{target.username}</strong>. The player reads
            the reason you give.
          </>
        ) : null
      }
    >
      {target ? (
        <RejectForm key={target.id} target={target} onClose={onClose} onRejected={onRejected} />
      ) : null}
    </Dialog>
  );
}

function RejectForm({
  target,
  onClose,
  onRejected,
}: {
  target: RejectTarget;
  onClose: () => void;
  onRejected: (target: RejectTarget) => void;
}) {
  const reject = useRejectPayment();
  const form = useForm<RejectValues>({
    resolver: zodResolver(rejectSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(({ reason }) =>
    reject.mutate({ id: target.id, reason }, { onSuccess: () => onRejected(target) }),
  );
  return (
    <ActionForm
      request={reject}
      onCancel={onClose}
      label={`Reject ${target.kind}`}
      busy="Rejecting…"
      tone="danger"
      onSubmit={submit}
    >
      <TextArea
        label="Reason"
        rows={4}
        maxLength={300}
        hint="At most 300 characters, in words the player understands."
        error={form.formState.errors.reason?.message}
        data-autofocus
        {...form.register('reason')}
      />
    </ActionForm>
  );
}
