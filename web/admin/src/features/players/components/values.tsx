import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/status';
import { formatDateTime, formatMoney, humanize, labelOf } from '../../../lib/format';

/**
 * How a field of the player's page reads, from its name and value (the page's rows are whatever
 * the server sends): times (`…At`, epoch milliseconds) as dates, amounts (`amount…`, and every
 * balance) as lira, states as labels, yes/no, and anything else as compact text.
 */

const STATE_KEYS = new Set(['status', 'state', 'kind', 'phase', 'endReason', 'type', 'docType']);

const TONES: Record<string, BadgeTone> = {
  confirmed: 'success',
  approved: 'success',
  applied: 'success',
  active: 'success',
  pending: 'info',
  rejected: 'danger',
  cancelled: 'neutral',
  expired: 'warning',
  failed: 'danger',
};

const isTime = (key: string) => /(At|_at)$/.test(key) || key === 'at';
const isMoney = (key: string) => /^amount/i.test(key);

export function fieldValue(key: string, value: unknown, money = false): ReactNode {
  if (value === null || value === undefined || value === '') {
    return <span className="muted">—</span>;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (isTime(key) && value > 1e11) {
      return <span className="tabular nowrap">{formatDateTime(value)}</span>;
    }
    if (money || isMoney(key)) return <span className="tabular nowrap">{formatMoney(value)}</span>;
    return <span className="tabular">{value}</span>;
  }
  if (typeof value === 'string') {
    if (STATE_KEYS.has(key) && /^[a-z_-]+$/.test(value)) {
      const tone = TONES[value];
      return tone ? <Badge tone={tone}>{labelOf(value)}</Badge> : labelOf(value);
    }
    // A short token (a reference, an IBAN, an address) stays on one line.
    return /^\S{1,32}$/.test(value) ? <span className="nowrap">{value}</span> : value;
  }
  const text = JSON.stringify(value);
  return (
    <code className="json" title={text}>
      {text.length > 80 ? `${text.slice(0, 79)}…` : text}
    </code>
  );
}

/** A record's fields as a list of terms and values. */
export function Facts({
  record,
  money = false,
  columns = 2,
}: {
  record: Record<string, unknown>;
  money?: boolean;
  columns?: 1 | 2;
}) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <p className="empty">Nothing recorded.</p>;
  return (
    <dl className={columns === 2 ? 'facts facts--grid' : 'facts'}>
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{humanize(key)}</dt>
          <dd>{fieldValue(key, value, money)}</dd>
        </div>
      ))}
    </dl>
  );
}
