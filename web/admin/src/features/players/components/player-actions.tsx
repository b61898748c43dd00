import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ActionForm } from '../../../components/ui/action-form';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, SelectField, TextArea, TextField } from '../../../components/ui/field';
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
  const form = { playerId, onDone: close };
  const actions: {
    action: Action;
    label: string;
    title: string;
    description: ReactNode;
    danger?: boolean;
    body: ReactNode;
  }[] = [
    {
      action: 'notify',
      label: 'Send notification',
      title: `Send ${username} a notification`,
      description: "It appears in the player's notifications at once.",
      body: <NotifyForm {...form} />,
    },
    {
      action: 'adjust',
      label: 'Adjust balance',
      title: `Adjust ${username}'s balance`,
      description:
        'A positive amount adds lira to the real balance, a negative one takes it away. A second finance member approves it under Adjustments before it applies.',
      body: <AdjustForm {...form} />,
    },
    {
      action: 'bonus',
      label: 'Give bonus',
      title: `Give ${username} a bonus`,
      description:
        "The promotion's bonus goes to the player's bonus balance at once, with its wagering terms. Each promotion once per player.",
      body: <BonusForm {...form} />,
    },
    {
      action: 'sessions',
      label: 'End sessions',
      title: `End ${username}'s sessions`,
      description: 'The player is signed out on every device and has to sign in again.',
      body: <EndSessions {...form} />,
    },
    {
      action: 'exclude',
      label: 'Time-out or exclusion',
      title: `Time-out or exclusion for ${username}`,
      description: (
        <>
          The account closes at once for the whole period, and{' '}
          <strong>it cannot be lifted early</strong>, not even by staff.
        </>
      ),
      danger: true,
      body: <ExcludeForm {...form} />,
    },
  ];
  const allowed = actions.filter((a) => rights[a.action]);
  if (allowed.length === 0) return null;
  return (
    <>
      <div className="toolbar" role="group" aria-label="Player actions">
        {allowed.map((a) => (
          <button
            key={a.action}
            type="button"
            className={a.danger ? 'btn btn--danger-ghost' : 'btn btn--ghost'}
            onClick={() => setOpen(a.action)}
          >
            {a.label}
          </button>
        ))}
      </div>
      {allowed.map((a) => (
        <Dialog
          key={a.action}
          open={open === a.action}
          onClose={close}
          tone={a.danger ? 'danger' : 'default'}
          title={a.title}
          description={a.description}
        >
          {a.body}
        </Dialog>
      ))}
    </>
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
    <ActionForm
      request={notify}
      onCancel={onDone}
      label="Send notification"
      busy="Sending…"
      onSubmit={form.handleSubmit((values) =>
        notify.mutate(values, {
          onSuccess: ({ message }) => {
            toast.success(message ?? 'Notification sent.');
            onDone();
          },
        }),
      )}
    >
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
    </ActionForm>
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
    <ActionForm
      request={adjust}
      onCancel={onDone}
      label="Ask for the adjustment"
      busy="Sending…"
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
    </ActionForm>
  );
}

function BonusForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const give = useGiveBonus(playerId);
  const form = useForm<BonusValues>({
    resolver: zodResolver(bonusSchema),
    defaultValues: { promotion: '' },
    mode: 'onTouched',
  });
  return (
    <ActionForm
      request={give}
      onCancel={onDone}
      label="Give bonus"
      busy="Giving…"
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
        error={form.formState.errors.promotion?.message}
        data-autofocus
        {...form.register('promotion')}
      />
    </ActionForm>
  );
}

function EndSessions({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const end = useEndSessions(playerId);
  return (
    <ActionForm
      request={end}
      onCancel={onDone}
      label="End every session"
      busy="Ending…"
      tone="danger"
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
    />
  );
}

/** The two kinds of exclusion, as the form offers them. */
const KINDS = [
  { kind: 'timeout', label: 'Time-out', about: 'a break of up to 6 weeks' },
  { kind: 'exclusion', label: 'Self-exclusion', about: '6 months or longer' },
] as const;

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
    <ActionForm
      request={exclude}
      onCancel={onDone}
      label={`Set the ${kind === 'timeout' ? 'time-out' : 'exclusion'}`}
      busy="Setting…"
      tone="danger"
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
      <fieldset className="choice">
        <legend className="field__label">Kind</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className="choice__item">
            <input
              type="radio"
              value={k.kind}
              {...kindField}
              onChange={(event) => {
                void kindField.onChange(event);
                form.setValue('period', PERIODS[k.kind][0].value);
              }}
            />
            <span>
              {k.label} <span className="muted small">{k.about}</span>
            </span>
          </label>
        ))}
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
    </ActionForm>
  );
}
