import { useId, type ComponentProps, type ReactNode } from 'react';

/**
 * Form fields: a visible label tied to its control, a hint and the rule that blocks the form
 * under it (read with the control through aria-describedby), the control marked aria-invalid.
 * They take react-hook-form's `register(…)` as props (its ref included).
 */

interface FieldFrame {
  label: ReactNode;
  /** The rule that blocks the form, once the field was touched or the form sent. */
  error?: string;
  hint?: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Frame({
  id,
  label,
  hint,
  error,
  children,
  className,
}: FieldFrame & { id: string; children: ReactNode; className?: string }) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: FieldFrame & ComponentProps<'input'>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} className={className}>
      <input
        id={fieldId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...input}
      />
    </Frame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  id,
  className,
  ...input
}: FieldFrame & ComponentProps<'textarea'>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={fieldId}
        className="input input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...input}
      />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...select
}: FieldFrame & ComponentProps<'select'>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Frame id={fieldId} label={label} hint={hint} error={error} className={className}>
      <select
        id={fieldId}
        className="input input--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

/** A checkbox with its label beside it (and a line under the label). */
export function CheckboxField({
  label,
  description,
  id,
  ...input
}: { label: ReactNode; description?: ReactNode } & Omit<ComponentProps<'input'>, 'type'>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="check">
      <input
        id={fieldId}
        type="checkbox"
        className="check__box"
        aria-describedby={description ? `${fieldId}-about` : undefined}
        {...input}
      />
      <label htmlFor={fieldId} className="check__label">
        {label}
        {description ? (
          <span id={`${fieldId}-about`} className="check__about">
            {description}
          </span>
        ) : null}
      </label>
    </div>
  );
}
