/** A request's id over its reference. */
export function RequestCell({ id, reference }: { id: number; reference: string }) {
  return (
    <div className="cell-stack">
      <span className="tabular">#{id}</span>
      <span className="mono muted small nowrap">{reference}</span>
    </div>
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
