import { useEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy } from '@/components/ui/form';
import type { FieldError } from 'react-hook-form';
import { sanitizeNumeric, settleNumeric, stepNumeric, type NumericRules } from '../form-values';

/** Step buttons repeat while held: after 500 ms, then every 40 ms (spec section 5). */
export const REPEAT_DELAY_MS = 500;
export const REPEAT_EVERY_MS = 40;

type NumericInputProps = {
  id: string;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  rules: NumericRules;
  step?: number;
  /** The ₺ prefix (amounts). */
  currency?: boolean;
  error?: FieldError;
};

function useRepeat(action: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  });
  const stop = () => {
    window.clearTimeout(timer.current);
    window.clearInterval(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stop, []);
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button !== 0) return;
      e.preventDefault();
      stop();
      actionRef.current();
      timer.current = window.setTimeout(() => {
        timer.current = window.setInterval(() => actionRef.current(), REPEAT_EVERY_MS);
      }, REPEAT_DELAY_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // Keyboard: one step per press (Enter / Space give a click without a pointer).
    onClick: (e: React.MouseEvent) => {
      if (e.detail === 0) actionRef.current();
    },
  };
}

/**
 * A numeric input (spec section 5) in the Turkish format: clamped to min and max (the maximum at
 * once, the minimum on leaving the field), no minus sign when the minimum is 0 or more, at most
 * two decimals, − and + buttons that repeat while held; optional ₺ prefix.
 */
export function NumericInput({
  id,
  value,
  onValue,
  onBlur,
  inputRef,
  rules,
  step = 1,
  currency,
  error,
}: NumericInputProps) {
  const { t } = useTranslation();
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const stepBy = (direction: 1 | -1) => {
    const next = stepNumeric(latest.current, direction, rules, step);
    latest.current = next;
    onValue(next);
  };
  const down = useRepeat(() => stepBy(-1));
  const up = useRepeat(() => stepBy(1));
  return (
    <div className={`num-input${currency ? ' num-input--currency' : ''}`}>
      {currency ? (
        <span className="num-input__prefix" aria-hidden="true">
          ₺
        </span>
      ) : null}
      <input
        id={id}
        ref={inputRef}
        type="text"
        inputMode={rules.decimals === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={value}
        maxLength={rules.maxLength}
        onChange={(e) => onValue(sanitizeNumeric(e.target.value, rules))}
        onBlur={() => {
          const settled = settleNumeric(value, rules);
          if (settled !== value) onValue(settled);
          onBlur();
        }}
        {...describedBy(id, error)}
      />
      <div className="num-input__steps">
        <button type="button" className="num-input__step" aria-label={t('payments.less')} {...down}>
          <span aria-hidden="true">−</span>
        </button>
        <button type="button" className="num-input__step" aria-label={t('payments.more')} {...up}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
