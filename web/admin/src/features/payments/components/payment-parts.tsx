import { Link } from 'react-router';
import { formatAge, formatDateTime } from '../../../lib/format';

/** A request's id over its reference. */
export function RequestCell({ id, reference }: { id: number; reference: string }) {
  return (
    <div className="cell-stack">
      <span className="tabular">#{id}</span>
      <span className="mono muted small nowrap">{reference}</span>
    </div>
  );
}

/** The player's name, a link to their page. */
export function PlayerCell({ id, username }: { id: number; username: string }) {
  return (
    <Link className="table-link" to={`/players/${id}`}>
      {username || `Player #${id}`}
    </Link>
  );
}

/** How long a request has waited, with its time on hover and for screen readers. */
export function AgeCell({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)} className="tabular">
      {formatAge(at, now)}
    </time>
  );
}

/** A method's detail object in one short line (`iban: TR… · name: …`). */
export function detailLine(detail: unknown): string {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return '';
  return Object.entries(detail as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}
