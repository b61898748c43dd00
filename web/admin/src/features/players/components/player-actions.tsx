import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, SelectField, TextArea, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  adjustSchema,
  useAdjustBalance,
  type AdjustInput,
  type AdjustValues,
} from '../api/adjust-balance';
import { endedCount, useEndSessions } from '../api/end-sessions';
import {
  PERIODS,
  excludeSchema,
  useExcludePlayer,
  type ExcludeValues,
} from '../api/exclude-player';
import { bonusSchema, useGiveBonus, type BonusValues } from '../api/give-bonus';
import { notifySchema, useNotifyPlayer, type NotifyValues } from '../api/notify-player';

type Action = 'sessions' | 'exclude' | 'adjust' | 'notify' | 'bonus';

export interface ActionRights {
  sessions: boolean;
  exclude: boolean;
  adjust: boolean;
  notify: boolean;
  bonus: boolean;
}

/** The player page's actions the member's permissions allow, each in its dialog. */
export function PlayerActions({
  playerId,
  username,
  rights,
}: {
  playerId: number;
  username: string;
  rights: ActionRights;
}) {
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  const any = rights.sessions || rights.exclude || rights.adjust || rights.notify || rights.bonus;
  if (!any) return null;
  return (
    <>
      <div className="toolbar" role="group" aria-label="Player actions">
        {rights.notify ? (
          <button type="button" className="btn btn--ghost" onClick={() => setOpen('notify')}>
            Send notification
          </button>
        ) : null}
        {rights.adjust ? (
          <button type="button" className="btn btn--ghost" onClick={() => setOpen('adjust')}>
            Adjust balance
          </button>
        ) : null}
        {rights.bonus ? (
          <button type="button" className="btn btn--ghost" onClick={() => setOpen('bonus')}>
            Give bonus
          </button>
        ) : null}
        {rights.sessions ? (
          <button type="button" className="btn btn--ghost" onClick={() => setOpen('sessions')}>
            End sessions
          </button>
        ) : null}
        {rights.exclude ? (
          <button
            type="button"
            className="btn btn--danger-ghost"
            onClick={() => setOpen('exclude')}
          >
            Time-out or exclusion
          </button>
        ) : null}
      </div>
      <Dialog
        open={open === 'notify'}
        onClose={close}
        title={`Send ${username} a notification`}
        description="It appears in the player's notifications at once."
      >
        <NotifyForm playerId={playerId} onDone={close} />
      </Dialog>
      <Dialog
        open={open === 'adjust'}
        onClose={close}
        title={`Adjust ${username}'s balance`}
        description="A positive amount adds lira to the real balance, a negative one takes it away. A second finance member approves it under Adjustments before it applies."
      >
        <AdjustForm playerId={playerId} onDone={close} />
      </Dialog>
      <Dialog
        open={open === 'bonus'}
        onClose={close}
        title={`Give ${username} a bonus`}
        description="The promotion's bonus goes to the player's bonus balance at once, with its wagering terms. Each promotion once per player."
      >
        <BonusForm playerId={playerId} onDone={close} />
      </Dialog>
      <Dialog
        open={open === 'sessions'}
        onClose={close}
        title={`End ${username}'s sessions`}
        description="The player is signed out on every device and has to sign in again."
      >
        <EndSessions playerId={playerId} onDone={close} />
      </Dialog>
      <Dialog
        open={open === 'exclude'}
        onClose={close}
        tone="danger"
        title={`Time-out or exclusion for ${username}`}
        description={
          <>
            The account closes at once for the whole period, and{' '}
            <strong>it cannot be lifted early</strong>, not even by staff.
          </>
        }
      >
        <ExcludeForm playerId={playerId} onDone={close} />
      </Dialog>
    </>
  );
}

function Actions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="form__actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        Cancel
      </button>
      {children}
    </div>
  );
}

function NotifyForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const notify = useNotifyPlayer(playerId);
  const form = useForm<NotifyValues>({
    resolver: zodResolver(notifySchema),
    defaultValues: { title: '', body: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        notify.mutate(values, {
          onSuccess: ({ message }) => {
            toast.success(message ?? 'Notification sent.');
            onDone();
          },
        }),
      )}
    >
      {notify.isError ? <Notice tone="error">{errorText(notify.error)}</Notice> : null}
      <TextField
        label="Title"
        maxLength={200}
        error={errors.title?.message}
        data-autofocus
        {...form.register('title')}
      />
      <TextArea
        label="Message"
        rows={5}
        maxLength={2000}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <Actions onCancel={onDone}>
        <button type="submit" className="btn btn--primary" disabled={notify.isPending}>
          {notify.isPending ? 'Sending…' : 'Send notification'}
        </button>
      </Actions>
    </form>
  );
}

function AdjustForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const adjust = useAdjustBalance(playerId);
  const form = useForm<AdjustInput, unknown, AdjustValues>({
    resolver: zodResolver(adjustSchema),
    defaultValues: { amount: '', reason: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        adjust.mutate(values, {
          onSuccess: ({ message }) => {
            toast.success(
              message ?? `Adjustment of ${formatMoney(values.amount)} sent for approval.`,
            );
            onDone();
          },
        }),
      )}
    >
      {adjust.isError ? <Notice tone="error">{errorText(adjust.error)}</Notice> : null}
      <TextField
        label="Amount (lira)"
        inputMode="decimal"
        placeholder="e.g. 250 or -12.50"
        error={errors.amount?.message}
        data-autofocus
        {...form.register('amount')}
      />
      <TextArea
        label="Reason"
        rows={3}
        maxLength={300}
        hint="Recorded in the audit log."
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Actions onCancel={onDone}>
        <button type="submit" className="btn btn--primary" disabled={adjust.isPending}>
          {adjust.isPending ? 'Sending…' : 'Ask for the adjustment'}
        </button>
      </Actions>
    </form>
  );
}

function BonusForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const give = useGiveBonus(playerId);
  const form = useForm<BonusValues>({
    resolver: zodResolver(bonusSchema),
    defaultValues: { promotion: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        give.mutate(values, {
          onSuccess: ({ data, message }) => {
            toast.success(
              message ?? `Bonus of the ${values.promotion} promotion given (bonus #${data.id}).`,
            );
            onDone();
          },
        }),
      )}
    >
      {give.isError ? <Notice tone="error">{errorText(give.error)}</Notice> : null}
      <TextField
        label="Promotion"
        placeholder="e.g. slot-bonus"
        autoComplete="off"
        spellCheck={false}
        hint={
          <>
            The promotion&rsquo;s slug, as in its address on the site (
            <code>/promotions/slot-bonus</code>) and in <code>promotions.json</code>. Not a deposit
            bonus: that one comes with a deposit.
          </>
        }
        error={errors.promotion?.message}
        data-autofocus
        {...form.register('promotion')}
      />
      <Actions onCancel={onDone}>
        <button type="submit" className="btn btn--primary" disabled={give.isPending}>
          {give.isPending ? 'Giving…' : 'Give bonus'}
        </button>
      </Actions>
    </form>
  );
}

function EndSessions({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const end = useEndSessions(playerId);
  return (
    <div className="form">
      {end.isError ? <Notice tone="error">{errorText(end.error)}</Notice> : null}
      <Actions onCancel={onDone}>
        <button
          type="button"
          className="btn btn--danger"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: ({ data, message }) => {
                const n = endedCount(data);
                toast.success(
                  message ??
                    (n === null ? 'Sessions ended.' : `${n} session${n === 1 ? '' : 's'} ended.`),
                );
                onDone();
              },
            })
          }
        >
          {end.isPending ? 'Ending…' : 'End every session'}
        </button>
      </Actions>
    </div>
  );
}

function ExcludeForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const exclude = useExcludePlayer(playerId);
  const form = useForm<ExcludeValues>({
    resolver: zodResolver(excludeSchema),
    defaultValues: { kind: 'timeout', period: '24h', understood: false },
    mode: 'onTouched',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  const kindField = form.register('kind');
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(({ kind: k, period }) =>
        exclude.mutate(
          { kind: k, period },
          {
            onSuccess: ({ data, message }) => {
              const label = k === 'timeout' ? 'Time-out' : 'Exclusion';
              toast.success(
                message ??
                  (typeof data.endsAt === 'number'
                    ? `${label} set until ${formatDateTime(data.endsAt)}.`
                    : `${label} set with no end.`),
              );
              onDone();
            },
          },
        ),
      )}
    >
      {exclude.isError ? <Notice tone="error">{errorText(exclude.error)}</Notice> : null}
      <fieldset className="choice">
        <legend className="field__label">Kind</legend>
        <label className="choice__item">
          <input
            type="radio"
            value="timeout"
            {...kindField}
            onChange={(event) => {
              void kindField.onChange(event);
              form.setValue('period', PERIODS.timeout[0].value);
            }}
          />
          <span>
            Time-out <span className="muted small">a break of up to 6 weeks</span>
          </span>
        </label>
        <label className="choice__item">
          <input
            type="radio"
            value="exclusion"
            {...kindField}
            onChange={(event) => {
              void kindField.onChange(event);
              form.setValue('period', PERIODS.exclusion[0].value);
            }}
          />
          <span>
            Self-exclusion <span className="muted small">6 months or longer</span>
          </span>
        </label>
      </fieldset>
      <SelectField label="Period" error={errors.period?.message} {...form.register('period')}>
        {PERIODS[kind].map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label="I understand that this cannot be lifted early."
        {...form.register('understood')}
      />
      {errors.understood?.message ? (
        <p className="field__error" role="alert">
          {errors.understood.message}
        </p>
      ) : null}
      <Actions onCancel={onDone}>
        <button type="submit" className="btn btn--danger" disabled={exclude.isPending}>
          {exclude.isPending
            ? 'Setting…'
            : `Set the ${kind === 'timeout' ? 'time-out' : 'exclusion'}`}
        </button>
      </Actions>
    </form>
  );
}
