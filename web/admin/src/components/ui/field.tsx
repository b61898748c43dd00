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

/** What a field's control carries: its id, and the hint and error it is read with. */
interface Control {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The frame of a field around the control `children` renders (given its id and aria links). */
function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldFrame & { id?: string; className?: string; children: (control: Control) => ReactNode }) {
  const auto = useId();
  const fieldId = id ?? auto;
  const ids = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={fieldId} className="field__label">
        {label}
      </label>
      {children({
        id: fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids.length ? ids.join(' ') : undefined,
      })}
      {hint ? (
        <p id={`${fieldId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field's props split in two: its frame's (label, hint, error, id, class) and its control's. */
function split<P extends FieldFrame & { id?: string; className?: string }>({
  label,
  error,
  hint,
  id,
  className,
  ...control
}: P) {
  return [{ label, error, hint, id, className }, control] as const;
}

export function TextField(props: FieldFrame & ComponentProps<'input'>) {
  const [frame, input] = split(props);
  return (
    <Field {...frame}>{(control) => <input className="input" {...control} {...input} />}</Field>
  );
}

export function TextArea(props: FieldFrame & ComponentProps<'textarea'>) {
  const [frame, input] = split(props);
  return (
    <Field {...frame}>
      {(control) => <textarea className="input input--area" {...control} {...input} />}
    </Field>
  );
}

/** The options are its children. */
export function SelectField(props: FieldFrame & ComponentProps<'select'>) {
  const [frame, select] = split(props);
  return (
    <Field {...frame}>
      {(control) => <select className="input input--select" {...control} {...select} />}
    </Field>
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
