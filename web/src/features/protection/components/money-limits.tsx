import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FORM_MODE, Field, InputBox, describedBy, serverFieldErrors } from '@/components/ui/form';
import { formatMoney } from '@/lib/format';
import { V, withLira } from '@/lib/validation';
import { parseAmount } from '../amount';
import { leftOf, limitOf, type Period, type Protection } from '../api/get-protection';
import { useSetLimit } from '../api/set-limit';
import { LimitActions } from './limit-actions';
import { PendingNote } from './pending-note';

export type MoneyKind = 'deposit' | 'loss' | 'wager';

/** A money limit's windows: the last 24 hours, 7 days and 30 days. */
export const MONEY_PERIODS = ['day', 'week', 'month'] as const satisfies readonly Period[];

/** The least limit (lira): the server takes no limit under 1 ₺. */
export const MIN_LIMIT = 1;

const amountSchema = z.object({
  amount: z.string().check(
    z.refine((v) => v.trim() !== '', V.required),
    z.refine((v) => v.trim() === '' || parseAmount(v) !== null, 'protection.rule.amount'),
    z.refine(
      (v) => {
        const n = parseAmount(v);
        return n === null || n >= MIN_LIMIT;
      },
      withLira('protection.rule.atLeast', MIN_LIMIT),
    ),
  ),
});

type AmountValues = z.infer<typeof amountSchema>;

/** The server names the value it refuses `value`: it is the amount's error. */
const AMOUNT_ERRORS = serverFieldErrors<AmountValues>(['amount'], { value: 'amount' });

/** One window of a money limit: the limit, what was used and is left, a new limit, Remove. */
function MoneyLimitRow({
  kind,
  period,
  data,
}: {
  kind: MoneyKind;
  period: Period;
  data: Protection;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const id = `limit-${kind}-${period}`;
  const limit = limitOf(data, kind, period);
  const left = leftOf(data, kind, period);
  const save = useSetLimit(AMOUNT_ERRORS);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<AmountValues, unknown, AmountValues>({
    resolver: zodResolver(amountSchema),
    mode: FORM_MODE,
    defaultValues: { amount: '' },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { kind, period, value: parseAmount(values.amount) },
      {
        onSuccess: () => reset(),
        onError: (error) => AMOUNT_ERRORS.apply(error, setError, setFocus),
      },
    ),
  );
  return (
    <div className="inset-card limit-row" role="group" aria-labelledby={titleId}>
      <div className="limit-row__head">
        <h3 id={titleId} className="limit-row__title">
          {t(`protection.period.${period}`)}
        </h3>
        <p className="limit-row__value tabular" data-testid="limit-value">
          {limit.value != null ? formatMoney(limit.value) : t('protection.noLimit')}
        </p>
      </div>
      {left ? (
        <p className="limit-row__used tabular">
          {t('protection.money.used', { amount: formatMoney(left.used) })}
          {' · '}
          <strong>{t('protection.money.left', { amount: formatMoney(left.left) })}</strong>
        </p>
      ) : null}
      <form className="limit-row__form" onSubmit={onSubmit} noValidate>
        <Field id={id} label={t('protection.money.newLimit')} error={errors.amount}>
          <InputBox icon="wallet">
            <input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              maxLength={16}
              {...describedBy(id, errors.amount)}
              {...register('amount')}
            />
          </InputBox>
        </Field>
        <LimitActions kind={kind} period={period} limit={limit} saving={save.isPending} />
      </form>
      {limit.pending ? <PendingNote kind={kind} period={period} pending={limit.pending} /> : null}
    </div>
  );
}

/** Deposit, loss or wager limits: a card with one row per window. */
export function MoneyLimitSection({ kind, data }: { kind: MoneyKind; data: Protection }) {
  const { t } = useTranslation();
  const titleId = `protection-${kind}-title`;
  return (
    <section className="protection-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="protection-card__title">
        {t(`protection.${kind}.title`)}
      </h2>
      <p className="protection-card__text">{t(`protection.${kind}.text`)}</p>
      <div className="limit-rows">
        {MONEY_PERIODS.map((period) => (
          <MoneyLimitRow key={period} kind={kind} period={period} data={data} />
        ))}
      </div>
    </section>
  );
}
