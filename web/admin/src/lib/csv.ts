/**
 * CSV as RFC 4180 writes it, made in the browser from what a page shows: fields separated by
 * commas, records by CRLF; a field holding a comma, a double quote, CR or LF is quoted, its quotes
 * doubled. A text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a CR: OWASP's CSV injection) gets a leading `'`, so it opens as the text it is. Numbers
 * are the page's own figures and stay numbers (a negative amount is not a formula).
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: a number as itself, text defused and quoted when it must be. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as CSV: the header, then each row; CRLF between records and after the last. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A lira amount for a CSV: two decimals with a point, as spreadsheets read numbers. */
export const csvMoney = (amount: number): number => Math.round(amount * 100) / 100;

/**
 * Saves `csv` as `filename` (with a byte order mark, so that a spreadsheet reads its Turkish
 * letters as UTF-8).
 */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
