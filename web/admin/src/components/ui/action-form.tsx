// A dialog's form: the error its request came back with over its fields, Cancel and its action
// (with the action's text while the request runs) under them.
import type { FormEventHandler, ReactNode } from 'react';
import { errorText } from '../../lib/api-client';
import { Notice } from './status';

/** What the form shows of its request (a TanStack Query mutation). */
interface Request {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface ActionProps {
  /** The request the action sends: its error is shown, the action disabled while it runs. */
  request: Request;
  onCancel: () => void;
  /** The action's text, and its text while the request runs ('Sending…'). */
  label: string;
  busy: string;
  tone?: 'primary' | 'danger';
  /** What the action does when it does not send the form (a confirmation without fields). */
  onClick?: () => void;
  /** A second action, at the start of the row. */
  start?: ReactNode;
}

/** The row under a dialog's form: Cancel, then the action (the form's submit unless onClick). */
export function FormActions({
  request,
  onCancel,
  label,
  busy,
  tone = 'primary',
  onClick,
  start,
}: ActionProps) {
  return (
    <div className="form__actions">
      {start}
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onClick ? 'button' : 'submit'}
        className={`btn btn--${tone}`}
        disabled={request.isPending}
        onClick={onClick}
      >
        {request.isPending ? busy : label}
      </button>
    </div>
  );
}

/**
 * The form (not validated by the browser: the schema's messages are shown instead), or with no
 * onSubmit a confirmation: the request's error, `children`, then the actions.
 */
export function ActionForm({
  onSubmit,
  children,
  ...actions
}: ActionProps & { onSubmit?: FormEventHandler<HTMLFormElement>; children?: ReactNode }) {
  const { request } = actions;
  const body = (
    <>
      {request.isError ? <Notice tone="error">{errorText(request.error)}</Notice> : null}
      {children}
      <FormActions {...actions} />
    </>
  );
  return onSubmit ? (
    <form className="form" noValidate onSubmit={onSubmit}>
      {body}
    </form>
  ) : (
    <div className="form">{body}</div>
  );
}
