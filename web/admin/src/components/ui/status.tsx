import type { ReactNode } from 'react';
import { errorText } from '../../lib/api-client';

/** A line that tells what happened: announced politely (info, success) or at once (error). */
export function Notice({
  tone = 'info',
  children,
  onDismiss,
}: {
  tone?: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="notice__text">{children}</div>
      {onDismiss ? (
        <button type="button" className="btn btn--text btn--sm" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}

/** A read that failed: the server's message and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <div className="notice__text">{errorText(error)}</div>
      {onRetry ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Shown while a read is on its way. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** Shown where a list has nothing. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** A short state label (a pill). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
