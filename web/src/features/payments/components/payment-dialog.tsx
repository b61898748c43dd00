import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type ControllerRenderProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { BalanceLines, type BalanceParts } from '@/components/ui/balance-lines';
import { Dialog } from '@/components/ui/dialog';
import { Field, FORM_MODE, InputBox, describedBy, serverFieldErrors } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { V, withLira } from '@/lib/validation';
import { BONUS_KEY, useDeposit, type DepositResult, type PayInput } from '../api/deposit';
import {
  activeBonusesQueryOptions,
  bonusWarning,
  useActiveBonuses,
  type ActiveBonus,
  type BonusWarning,
} from '../api/get-active-bonuses';
import { useDepositBonuses } from '../api/get-deposit-bonuses';
import { useDetail, type PaymentField } from '../api/get-detail';
import { DEPOSIT, type MethodItem, type PaymentKind } from '../api/get-methods';
import { AMOUNT_KEY, useWithdraw } from '../api/withdraw';
import {
  ibanDigits,
  isDropdown,
  isIban,
  isNumericType,
  isValidIban,
  parseNumber,
  toDetail,
  type NumericRules,
} from '../form-values';
import { BonusWarningPanel } from './bonus-warning';
import { DepositBonusChoice } from './deposit-bonus-choice';
import { IbanInput } from './iban-input';
import { NumericInput } from './numeric-input';

/** Spec section 8: an empty form says 'No data found' and closes after 100 ms. */
export const EMPTY_CLOSE_MS = 100;
/** Spec section 9: the withdraw dialog closes 500 ms after a success. */
export const WITHDRAW_CLOSE_MS = 500;

type PaymentDialogProps = {
  method: MethodItem;
  kind: PaymentKind;
  /** The caller's title. */
  title: string;
  /** The player's balance (the app layer reads it): the total, withdrawable and bonus money. */
  balance: BalanceParts;
  /** A deposit's bonus to choose at first (/dashboard/deposit?bonus=slug), when it is offered. */
  preferredBonus?: string | null;
  onClose: () => void;
};

/**
 * The dynamic Deposit and Withdraw dialogs (spec section 2): medium-size on desktop, one field per
 * entry of payment/detail, a Submit button. A failed detail call shows its message (a toast) and
 * closes; an empty form says 'No data found' and closes after 100 ms. Under the method, what can
 * be withdrawn and the bonus money (issue 30); a withdrawal's amount is held to the first. A
 * deposit offers the deposit bonuses the player may opt into (No bonus, or one of them).
 */
export function PaymentDialog({
  method,
  kind,
  title,
  balance,
  preferredBonus = null,
  onClose,
}: PaymentDialogProps) {
  const { t } = useTranslation();
  const detail = useDetail(method.id, kind);
  const empty = detail.isSuccess && detail.data.length === 0;
  useEffect(() => {
    if (detail.isError) onClose();
  }, [detail.isError, onClose]);
  useEffect(() => {
    if (!empty) return;
    const timer = window.setTimeout(onClose, EMPTY_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [empty, onClose]);

  return (
    <Dialog open onClose={onClose} title={title} size="medium" className="pay-dialog">
      <div className="pay-dialog__method">
        <img src={method.logo} alt="" width={48} height={32} />
        <div>
          <p className="pay-dialog__method-title">{method.title}</p>
        </div>
      </div>
      <BalanceLines balance={balance} total={false} className="pay-dialog__balance" />
      {detail.isPending ? (
        <div className="pay-skeleton" aria-busy="true" aria-label={t('common.loading')} />
      ) : empty ? (
        <p className="pay-empty">{t('payments.noData')}</p>
      ) : detail.isSuccess ? (
        <PaymentForm
          fields={detail.data}
          method={method}
          kind={kind}
          withdrawable={kind === DEPOSIT ? null : balance.realBalance}
          preferredBonus={preferredBonus}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

type Values = Record<string, string>;

/** The rules of each field (spec section 5): required text, numbers within the limits, a choice, an IBAN. */
export function numericRules(
  field: PaymentField,
  method: Pick<MethodItem, 'min' | 'max'>,
): NumericRules {
  const amount = field.key === 'Amount';
  return {
    min: amount ? method.min : 0,
    max: amount ? method.max : undefined,
    decimals: field.objectType === 'Decimal' ? 2 : 0,
    maxLength: 16,
  };
}

const whole = (n: number | undefined) => (n !== undefined && Number.isInteger(n) ? n : null);

/** Lira compared in kuruş (a float's last digit never decides). */
const kurus = (lira: number) => Math.round(lira * 100);

/**
 * A field's rule. `withdrawable`: on a withdrawal, the real money the player can withdraw (null
 * while unknown, or on a deposit): the amount may not exceed it, and the message names it.
 */
function fieldSchema(field: PaymentField, method: MethodItem, withdrawable: number | null) {
  if (isDropdown(field)) return z.string().check(z.minLength(1, 'payments.rule.select'));
  if (isIban(field)) {
    return z.string().check(z.refine((v) => isValidIban(ibanDigits(v)), 'payments.rule.iban'));
  }
  if (isNumericType(field)) {
    const rules = numericRules(field, method);
    const min = whole(rules.min);
    const max = whole(rules.max);
    const range =
      min !== null && max !== null ? `payments.rule.range:${min}-${max}` : 'payments.rule.number';
    const cap = field.key === 'Amount' ? withdrawable : null;
    return z.string().check(
      z.refine((v) => parseNumber(v) !== null, V.required),
      z.refine((v) => {
        const n = parseNumber(v);
        if (n === null) return true;
        return (
          !(rules.min !== undefined && n < rules.min) && !(rules.max !== undefined && n > rules.max)
        );
      }, range),
      z.refine(
        (v) => {
          const n = parseNumber(v);
          return cap === null || n === null || kurus(n) <= kurus(cap);
        },
        withLira('payments.rule.atMost', cap ?? 0),
      ),
    );
  }
  return z
    .string()
    .check(z.trim(), z.minLength(1, V.required), z.maxLength(100, 'validation.maxLength:100'));
}

function fieldLabel(t: (key: string, options?: Record<string, unknown>) => string, key: string) {
  return t(`payments.field.${key}`, { defaultValue: key });
}

function PaymentForm({
  fields,
  method,
  kind,
  withdrawable,
  preferredBonus,
  onClose,
}: {
  fields: PaymentField[];
  method: MethodItem;
  kind: PaymentKind;
  /** What can be withdrawn (a withdrawal's amount may not exceed it); null: not checked here. */
  withdrawable: number | null;
  /** A deposit's bonus to choose at first, when it is offered. */
  preferredBonus: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isDeposit = kind === DEPOSIT;
  const keys = useMemo(() => fields.map((f) => f.key), [fields]);
  // A deposit's bonus choice is a value of the form ('' for none), not a field of the method.
  const formKeys = useMemo(() => (isDeposit ? [...keys, BONUS_KEY] : keys), [isDeposit, keys]);
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries([
          ...fields.map((f) => [f.key, fieldSchema(f, method, withdrawable)] as const),
          ...(isDeposit ? [[BONUS_KEY, z.string()] as const] : []),
        ]),
      ),
    [fields, method, withdrawable, isDeposit],
  );
  const errorsOnFields = useMemo(() => serverFieldErrors<Values>(formKeys), [formKeys]);
  const depositMutation = useDeposit(errorsOnFields);
  const withdrawMutation = useWithdraw(errorsOnFields);
  const mutation = kind === DEPOSIT ? depositMutation : withdrawMutation;
  const [result, setResult] = useState<DepositResult | null>(null);
  const [withdrawn, setWithdrawn] = useState(false);
  const queryClient = useQueryClient();
  // A withdrawal forfeits the active bonuses: they are read with the form, and a request waits
  // for the player's word when there is one.
  useActiveBonuses(!isDeposit);
  const offers = useDepositBonuses(isDeposit).data;
  const [pending, setPending] = useState<{ input: PayInput; warning: BonusWarning } | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const {
    control,
    handleSubmit,
    setError,
    setFocus,
    getFieldState,
    getValues,
    setValue,
    clearErrors,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: FORM_MODE,
    defaultValues: Object.fromEntries(formKeys.map((k) => [k, ''])),
  });

  // The offers arrive: the bonus named by the page is chosen once; a choice no longer offered
  // (taken meanwhile, the day over) goes back to No bonus.
  const preselected = useRef(false);
  useEffect(() => {
    if (!isDeposit || !offers) return;
    const offered = (slug: string) => offers.some((o) => o.slug === slug);
    const current = getValues(BONUS_KEY);
    if (current && !offered(current)) setValue(BONUS_KEY, '');
    if (preselected.current) return;
    preselected.current = true;
    if (!current && preferredBonus && offered(preferredBonus)) {
      setValue(BONUS_KEY, preferredBonus);
    }
  }, [isDeposit, offers, preferredBonus, getValues, setValue]);

  // What the chosen bonus gives follows the amount; a refusal of the choice ends with a new amount.
  const amountText = useWatch({ control, name: AMOUNT_KEY }) as string | undefined;
  const amount = parseNumber(amountText ?? '');
  useEffect(() => {
    if (getFieldState(BONUS_KEY).error?.type === 'server') clearErrors(BONUS_KEY);
  }, [amountText, getFieldState, clearErrors]);

  // The withdrawable money moves (a game, a bonus, a push): a typed amount is checked again.
  useEffect(() => {
    if (keys.includes('Amount') && getFieldState('Amount').isTouched) void trigger('Amount');
  }, [withdrawable, keys, getFieldState, trigger]);

  useEffect(() => {
    if (!withdrawn) return;
    const timer = window.setTimeout(onClose, WITHDRAW_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [withdrawn, onClose]);

  const onError = (error: unknown) => {
    setPending(null);
    errorsOnFields.apply(error, setError, setFocus);
  };
  const sendWithdrawal = (input: PayInput) =>
    withdrawMutation.mutate(input, { onSuccess: () => setWithdrawn(true), onError });

  const onSubmit = handleSubmit(async (values) => {
    const input: PayInput = { id: method.id, detail: toDetail(fields, values) };
    if (isDeposit) {
      const bonus = values[BONUS_KEY];
      if (bonus) input.bonus = bonus;
      depositMutation.mutate(input, { onSuccess: setResult, onError });
      return;
    }
    let active: ActiveBonus[] | null;
    try {
      active = await queryClient.fetchQuery(activeBonusesQueryOptions());
    } catch {
      active = null;
    }
    const warning = bonusWarning(active);
    if (warning) setPending({ input, warning });
    else sendWithdrawal(input);
  });

  if (result) return <DepositDone result={result} onClose={onClose} />;
  if (withdrawn) {
    return (
      <div className="pay-done" role="status">
        <span className="pay-done__icon">
          <Icon name="check" size={28} />
        </span>
        <p className="pay-done__title">{t('payments.withdrawSent')}</p>
      </div>
    );
  }

  return (
    <>
      {pending ? (
        <BonusWarningPanel
          warning={pending.warning}
          busy={withdrawMutation.isPending}
          onContinue={() => sendWithdrawal(pending.input)}
          onCancel={() => {
            setPending(null);
            // Back on the form: the focus returns to its Submit button.
            window.setTimeout(() => submitRef.current?.focus(), 0);
          }}
        />
      ) : null}
      <form className="form pay-form" onSubmit={onSubmit} noValidate hidden={pending !== null}>
        {fields.map((field, index) => {
          const id = `pay-${field.key}`;
          const error = errors[field.key];
          const kind = isDropdown(field)
            ? 'dropdown'
            : isIban(field)
              ? 'iban'
              : isNumericType(field)
                ? 'number'
                : 'text';
          // The amount in lira, with the method's limits under it.
          const amount = kind === 'number' && field.key === 'Amount';
          const input = (f: ControllerRenderProps<Values, string>) => {
            if (kind === 'dropdown')
              return (
                <InputBox icon="wallet">
                  <select
                    id={id}
                    ref={f.ref}
                    value={f.value}
                    onChange={(e) => f.onChange(e.target.value)}
                    onBlur={f.onBlur}
                    autoFocus={index === 0}
                    {...describedBy(id, error)}
                  >
                    <option value="">{t('payments.select')}</option>
                    {(field.option ?? []).map((o) => (
                      <option key={String(o.id)} value={String(o.id)}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                  <Icon name="chevronDown" size={18} className="input-wrap__chevron" />
                </InputBox>
              );
            if (kind === 'iban')
              return (
                <IbanInput
                  id={id}
                  value={f.value}
                  onValue={f.onChange}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  error={error}
                />
              );
            if (kind === 'number')
              return (
                <NumericInput
                  id={id}
                  value={f.value}
                  onValue={(v) => f.onChange(v)}
                  onBlur={f.onBlur}
                  inputRef={f.ref}
                  rules={numericRules(field, method)}
                  currency={amount}
                  step={amount ? 10 : 1}
                  error={error}
                />
              );
            return (
              <InputBox icon={field.key.toLowerCase().includes('name') ? 'user' : 'idCard'}>
                <input
                  id={id}
                  ref={f.ref}
                  value={f.value}
                  onChange={(e) => f.onChange(e.target.value)}
                  onBlur={f.onBlur}
                  autoComplete="off"
                  maxLength={100}
                  {...describedBy(id, error)}
                />
              </InputBox>
            );
          };
          return (
            <Field
              key={field.key}
              id={id}
              label={fieldLabel(t, field.key)}
              error={error}
              hint={
                amount
                  ? [
                      withdrawable !== null
                        ? t('payments.withdrawable', { amount: formatMoney(withdrawable) })
                        : null,
                      t('payments.limits', {
                        min: formatMoney(method.min),
                        max: formatMoney(method.max),
                      }),
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : undefined
              }
            >
              <Controller control={control} name={field.key} render={({ field: f }) => input(f)} />
            </Field>
          );
        })}
        {isDeposit && offers && offers.length > 0 ? (
          <Controller
            control={control}
            name={BONUS_KEY}
            render={({ field: f }) => (
              <DepositBonusChoice
                offers={offers}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                inputRef={f.ref}
                amount={amount}
                error={errors[BONUS_KEY]}
              />
            )}
          />
        ) : null}
        <button
          ref={submitRef}
          type="submit"
          className="btn btn--primary btn--block btn--lg"
          disabled={!isValid || mutation.isPending || isSubmitting}
        >
          {mutation.isPending || isSubmitting ? t('common.loading') : t('payments.submit')}
        </button>
      </form>
    </>
  );
}

/** After a deposit: Continue to the payment page (a new window), or the server's message. */
function DepositDone({ result, onClose }: { result: DepositResult; onClose: () => void }) {
  const { t } = useTranslation();
  if (result.kind === 'link') {
    return (
      <div className="pay-done">
        <span className="pay-done__icon pay-done__icon--info">
          <Icon name="lock" size={28} />
        </span>
        <p className="pay-done__title">{t('payments.continueTitle')}</p>
        <p className="pay-done__text">{t('payments.continueText')}</p>
        <a
          className="btn btn--primary btn--block btn--lg"
          href={result.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => window.setTimeout(onClose, 0)}
        >
          {t('payments.continue')}
          <span className="visually-hidden"> {t('common.opensNewTab')}</span>
        </a>
      </div>
    );
  }
  return (
    <div className="pay-done" role="status">
      <span className="pay-done__icon">
        <Icon name="check" size={28} />
      </span>
      <p className="pay-done__title">{t('payments.depositCreated')}</p>
      <p className="pay-done__text pay-done__message">{result.message}</p>
      <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}
