/**
 * How the back office writes money, times and names. English only (the back office has no other
 * language), but money as the site writes lira: `1.234,56 ₺`, Turkish digits with the sign after
 * the amount (DESIGN.md), from Intl's Turkish lira format.
 */

const lira = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

/** Lira as `1.234,56 ₺` (`-1.234,56 ₺` below zero); '—' for no amount. */
export function formatMoney(amount: number | null | undefined): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  const parts = lira.formatToParts(amount);
  const number = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  return `${number} ₺`;
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** Epoch milliseconds as `7 Mar 2025, 09:05` (local time); '—' for none. */
export function formatDateTime(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  return dateTime.format(new Date(ms));
}

/** Epoch milliseconds as `7 Mar 2025`; '—' for none. */
export function formatDate(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  return dateOnly.format(new Date(ms));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago `since` was: `under 1 min`, `12 min`, `2 h 5 min`, `3 d 4 h`. */
export function formatAge(since: number, now: number = Date.now()): string {
  const age = Math.max(0, now - since);
  if (age < MINUTE) return 'under 1 min';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min`;
  if (age < DAY) {
    const minutes = Math.floor((age % HOUR) / MINUTE);
    return `${Math.floor(age / HOUR)} h${minutes ? ` ${minutes} min` : ''}`;
  }
  const hours = Math.floor((age % DAY) / HOUR);
  return `${Math.floor(age / DAY)} d${hours ? ` ${hours} h` : ''}`;
}

/** A byte count as `840 KB`, `1.2 MB`. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A field's name for people: `createdAt` → `Created at`, `doc_type` → `Doc type`. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  const text = words.replace(/\b(id|ip|url|tc)\b/g, (w) => w.toUpperCase());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A snake or kebab value for people: `not_started` → `Not started`. */
export function labelOf(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
