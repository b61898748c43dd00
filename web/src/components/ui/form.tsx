import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { IMaskInput } from 'react-imask';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormSetError,
  type UseFormSetFocus,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from '@/lib/api-client';
import type { MutationMeta } from '@/lib/react-query';
import { validationText } from '@/lib/validation';
import { Icon, type IconName } from './icon';
import './form.css';

/** The text of a field error: a rule's message in the player's language, or the server's text. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined): string => {
    if (!error?.message) return '';
    return error.type === 'server' ? error.message : validationText(t, error.message);
  };
}

/**
 * The form pattern of every form (issue 12):
 * - a form does not submit while invalid (its submit button is disabled), and validates a field
 *   once it is touched (`FORM_MODE`): from then on a field that blocks the form is outlined,
 *   marked `aria-invalid` and names its rule in a short hint under it ("11 digits");
 * - a field error from the server shows under its field (`serverFieldErrors`), and the first field
 *   in error takes the focus with what was typed selected for retyping (a wrong password or code
 *   is kept, never wiped).
 */
export const FORM_MODE = 'onTouched' as const;

/**
 * A form's server field errors (HTTP 422 / 409 with data.field): `meta` goes to the form's
 * mutation hook (the query client then shows no toast for an error the form can place) and
 * `apply` sets such an error on the form field it names. `aliases` maps payload keys that differ
 * from the form's field names (PersonalNo → personalNo).
 */
export function serverFieldErrors<T extends FieldValues>(
  fields: readonly Path<T>[],
  aliases: Partial<Record<string, Path<T>>> = {},
) {
  const fieldFor = (key: string): Path<T> | null =>
    aliases[key] ?? (fields.includes(key as Path<T>) ? (key as Path<T>) : null);
  return {
    meta: { inlineFields: [...fields, ...Object.keys(aliases)] } satisfies MutationMeta,
    /**
     * Sets the field errors on their fields; the first one takes the focus, with its text selected
     * when `setFocus` is given (retyping replaces it). Returns that first field.
     */
    apply(
      error: unknown,
      setError: UseFormSetError<T>,
      setFocus?: UseFormSetFocus<T>,
    ): Path<T> | null {
      if (!(error instanceof ApiError)) return null;
      let first: Path<T> | null = null;
      for (const [key, message] of Object.entries(error.fieldErrors)) {
        const name = fieldFor(key);
        if (!name) continue;
        setError(name, { type: 'server', message }, { shouldFocus: first === null && !setFocus });
        first ??= name;
      }
      if (first && setFocus) {
        const name = first;
        // After the render that shows the error (a disabled input cannot take the focus).
        window.setTimeout(() => setFocus(name, { shouldSelect: true }), 0);
      }
      return first;
    },
  };
}

export type ServerFieldErrors<T extends FieldValues> = ReturnType<typeof serverFieldErrors<T>>;

/**
 * A form of this pattern that sends one call: validated by `schema` from `defaultValues`; on
 * submit, `send` makes the call with the form's values and, when it fails, hands the error to
 * `failed`, which puts the server's field errors beside their fields (the first one focused, its
 * text selected). Returns react-hook-form's form with the `onSubmit` for the <form>.
 */
export function useCallForm<T extends FieldValues>(
  schema: $ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  fieldErrors: ServerFieldErrors<T>,
  send: (values: T, failed: (error: unknown) => void) => void,
) {
  const form = useForm<T, unknown, T>({
    resolver: zodResolver(schema),
    mode: FORM_MODE,
    defaultValues,
  });
  const { handleSubmit, setError, setFocus } = form;
  const onSubmit = handleSubmit((values) =>
    send(values, (error) => {
      fieldErrors.apply(error, setError, setFocus);
    }),
  );
  return { ...form, onSubmit };
}

/**
 * Why a button is disabled (issue 30: never a silently disabled button): shown under it while
 * there is a reason, and tied to it by `aria-describedby`. Give the button `describedBy`.
 */
export function useDisabledReason(reason: string | null | undefined) {
  const id = useId();
  const shown = reason ? reason : null;
  return {
    describedBy: shown ? { 'aria-describedby': `${id}-why` } : {},
    note: shown ? (
      <p id={`${id}-why`} className="form-blocked" data-testid="disabled-reason">
        <Icon name="info" size={14} />
        {shown}
      </p>
    ) : null,
  };
}

type SubmitButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'disabled' | 'children' | 'className'
> & {
  /** The form may be sent (it is valid). */
  ready: boolean;
  /** Its call is running: the button waits and says so. */
  pending: boolean;
  label: string;
  icon?: IconName;
  /** The main button of a row of actions (beside Back) instead of one across the form. */
  inRow?: boolean;
  /** Why the form may not be sent yet (default: every field must be filled in correctly). */
  blockedReason?: string;
};

/**
 * A form's submit button: disabled until the form is valid and while its call runs. While it is
 * disabled for the form's sake, the reason shows under it (useDisabledReason); while its call
 * runs, its label says so.
 */
export function SubmitButton({
  ready,
  pending,
  label,
  icon,
  inRow,
  blockedReason,
  ...rest
}: SubmitButtonProps) {
  const { t } = useTranslation();
  const why = useDisabledReason(
    !ready && !pending ? (blockedReason ?? t('validation.fillAll')) : null,
  );
  return (
    <>
      <button
        type="submit"
        className={
          inRow
            ? 'btn btn--primary btn--lg form-actions__main'
            : 'btn btn--primary btn--block btn--lg'
        }
        disabled={!ready || pending}
        aria-busy={pending || undefined}
        {...why.describedBy}
        {...rest}
      >
        {icon ? <Icon name={icon} size={18} /> : null}
        {pending ? t('common.loading') : label}
      </button>
      {why.note}
    </>
  );
}

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  /** Extra content next to the label (a status tag). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * The line under a field: the rule it breaks, else its hint. Its room is kept while it is empty
 * (issue 30): an error appearing when the field loses the focus moves nothing below it, so a
 * click on a link under the field (Recovery Password) lands where it was aimed.
 */
function FieldMessage({ id, message, hint }: { id: string; message: string; hint?: ReactNode }) {
  return (
    <div className="field__message">
      {message ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          <Icon name="info" size={14} />
          {message}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Label, control and the rule it breaks under it (once touched), outlined while in error. */
export function Field({ id, label, error, hint, aside, className, children }: FieldProps) {
  const errorText = useErrorText();
  const message = errorText(error);
  return (
    <div className={`field${message ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field__label-row">
        <label htmlFor={id}>{label}</label>
        {aside}
      </div>
      {children}
      <FieldMessage id={id} message={message} hint={hint} />
    </div>
  );
}

/** aria attributes tying an input to its error. */
export function describedBy(id: string, error?: FieldError) {
  return error
    ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': undefined };
}

type TextFieldProps = {
  id: string;
  label: ReactNode;
  error?: FieldError;
  icon?: IconName;
  autoFocus?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input in its frame; pass `{...register(name)}` for the rest. */
export function TextField({ id, label, error, icon, autoFocus, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <InputBox icon={icon}>
        <input
          id={id}
          data-autofocus={autoFocus ? true : undefined}
          {...describedBy(id, error)}
          {...inputProps}
        />
      </InputBox>
    </Field>
  );
}

type InputBoxProps = { icon?: IconName; action?: ReactNode; children: ReactNode };

/** The input frame: an icon on the left, an optional action on the right. */
export function InputBox({ icon, action, children }: InputBoxProps) {
  return (
    <div className={`input-wrap${icon ? '' : ' input-wrap--plain'}`}>
      {icon ? <Icon name={icon} size={18} className="input-wrap__icon" /> : null}
      {children}
      {action}
    </div>
  );
}

/** Masks of spec sections 2 and 5. */
export const MASKS = {
  /** Phone: the prefix 90 plus 10 digits; the value keeps the 90 (the 0 escaped: not a digit slot). */
  phone: '{9\\0} 000 000 00 00',
  /** SMS code: 6 digits shown as 00-00-00. */
  code: '00-00-00',
  /** TC No: 11 digits. */
  personalNo: '00000000000',
  day: '00',
  month: '00',
  year: '0000',
} as const;

type MaskedInputProps = {
  id: string;
  mask: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  readOnly?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  error?: FieldError;
  autoFocus?: boolean;
  className?: string;
  'aria-label'?: string;
};

/** An input with an imask mask; the form value is the unmasked text (digits only). */
export function MaskedInput({
  id,
  mask,
  value,
  onValue,
  onBlur,
  inputRef,
  error,
  autoFocus,
  inputMode = 'numeric',
  ...rest
}: MaskedInputProps) {
  return (
    <IMaskInput
      id={id}
      mask={mask}
      unmask
      lazy
      value={value}
      inputMode={inputMode}
      onAccept={(v: unknown) => {
        const next = String(v ?? '');
        if (next !== value) onValue(next);
      }}
      onBlur={onBlur}
      inputRef={inputRef}
      data-autofocus={autoFocus ? true : undefined}
      {...describedBy(id, error)}
      {...rest}
    />
  );
}

type MaskedFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  label: ReactNode;
  icon: IconName;
  /** Extra content next to the label (a status tag). */
  aside?: ReactNode;
} & Omit<MaskedInputProps, 'value' | 'onValue' | 'onBlur' | 'inputRef'>;

/** A labelled masked input bound to a react-hook-form field. */
export function MaskedField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  icon,
  aside,
  error,
  ...inputProps
}: MaskedFieldProps<T>) {
  return (
    <Field id={id} label={label} error={error} aside={aside}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <InputBox icon={icon}>
            <MaskedInput
              id={id}
              value={field.value as string}
              onValue={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={error}
              {...inputProps}
            />
          </InputBox>
        )}
      />
    </Field>
  );
}

type PasswordFieldProps = { label: ReactNode } & Parameters<typeof PasswordInput>[0];

/** A labelled password input; pass `{...register(name)}` for the rest. */
export function PasswordField({ label, ...inputProps }: PasswordFieldProps) {
  return (
    <Field id={inputProps.id} label={label} error={inputProps.error}>
      <PasswordInput {...inputProps} />
    </Field>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput({
  id,
  error,
  autoComplete,
  placeholder = '••••••',
  autoFocus,
  ...inputProps
}: {
  id: string;
  error?: FieldError;
  autoComplete: string;
  placeholder?: string;
  autoFocus?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
    ref?: Ref<HTMLInputElement>;
  }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <InputBox
      icon="lock"
      action={
        <button
          type="button"
          className="input-wrap__action"
          onClick={() => setShow((v) => !v)}
          aria-label={show ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
          aria-pressed={show}
        >
          <Icon name={show ? 'eyeOff' : 'eye'} size={18} />
        </button>
      }
    >
      <input
        id={id}
        type={show ? 'text' : 'password'}
        autoComplete={autoComplete}
        placeholder={placeholder}
        data-autofocus={autoFocus ? true : undefined}
        {...describedBy(id, error)}
        {...inputProps}
      />
    </InputBox>
  );
}

type CheckFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  id: string;
  /** The label (it may hold a link). */
  children: ReactNode;
  error?: FieldError;
  className?: string;
};

/** A required checkbox bound to a form field, with its rule under it once touched. */
export function CheckField<T extends FieldValues>({
  control,
  name,
  id,
  children,
  error,
  className,
}: CheckFieldProps<T>) {
  const errorText = useErrorText();
  const message = errorText(error);
  return (
    <div className={`field${message ? ' field--invalid' : ''}`}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <div className={`check check--plain${className ? ` ${className}` : ''}`}>
            <input
              id={id}
              ref={field.ref}
              type="checkbox"
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              aria-required="true"
              {...describedBy(id, error)}
            />
            <label htmlFor={id} className="check__text">
              {children}
            </label>
          </div>
        )}
      />
      <FieldMessage id={id} message={message} />
    </div>
  );
}
