import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { SelectField, TextField } from '../../../components/ui/field';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useExportAudit } from '../api/export-audit';
import {
  AUDIT_LIMITS,
  auditSearchSchema,
  rowNumber,
  useAudit,
  type AuditRow,
  type AuditSearch,
  type AuditSearchInput,
} from '../api/get-audit';
import { useVerifyAudit, verifiedText } from '../api/verify-audit';

/** A before or after value in one short line (JSON text is read and written compactly). */
export function compact(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    return Object.entries(parsed as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ');
  }
  return typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
}

function Change({ before, after }: { before: unknown; after: unknown }) {
  const was = compact(before);
  const now = compact(after);
  if (!was && !now) return <span className="muted">—</span>;
  const lines = (
    <>
      {was ? (
        <span className="change__line change__line--before">
          <span className="change__mark">Before</span> {was}
        </span>
      ) : null}
      {now ? (
        <span className="change__line change__line--after">
          <span className="change__mark">After</span> {now}
        </span>
      ) : null}
    </>
  );
  // A long value opens in full (the row shows its start).
  if (was.length + now.length <= 60) return <div className="change">{lines}</div>;
  return (
    <details className="change change--long">
      <summary>{lines}</summary>
      <div className="change__full">
        {was ? <p>Before: {was}</p> : null}
        {now ? <p>After: {now}</p> : null}
      </div>
    </details>
  );
}

const column = createColumnHelper<AuditRow>();
const columns = [
  column.accessor('at', {
    header: 'Time',
    enableGlobalFilter: false,
    cell: ({ row }) => (
      <div className="cell-stack">
        <span className="nowrap tabular">{formatDateTime(row.original.at)}</span>
        <span className="muted small tabular">Row #{rowNumber(row.original) ?? '—'}</span>
      </div>
    ),
  }),
  column.accessor('actor', { header: 'Actor' }),
  column.accessor((row) => `${row.action} ${row.target}`, {
    id: 'action',
    header: 'Action and target',
    cell: ({ row }) => (
      <div className="cell-stack">
        <code className="mono small">{row.original.action}</code>
        <span className="mono small muted">{row.original.target || '—'}</span>
      </div>
    ),
  }),
  column.display({
    id: 'change',
    header: 'Before / after',
    meta: { fill: true },
    cell: ({ row }) => <Change before={row.original.before} after={row.original.after} />,
  }),
  column.accessor((row) => row.ip ?? '', {
    id: 'ip',
    header: 'IP',
    cell: ({ getValue }) => <span className="mono small nowrap">{getValue() || '—'}</span>,
  }),
];

/**
 * The audit log: a search (text in the actor, action or target, and how many rows), the rows
 * newest first, the CSV export of the same search and the chain's check.
 */
export function AuditLog({
  search,
  onSearch,
}: {
  search: AuditSearch;
  onSearch: (search: AuditSearch) => void;
}) {
  const rows = useAudit(search);
  const exporter = useExportAudit();
  const verify = useVerifyAudit();
  const form = useForm<AuditSearchInput, unknown, AuditSearch>({
    resolver: zodResolver(auditSearchSchema),
    values: { q: search.q, limit: search.limit },
  });
  return (
    <div className="stack">
      <div className="audit-bar">
        <form
          role="search"
          className="search-bar"
          noValidate
          onSubmit={form.handleSubmit(onSearch)}
        >
          <TextField
            label="Search the log"
            type="search"
            placeholder="Actor, action or target"
            className="search-bar__field"
            error={form.formState.errors.q?.message}
            {...form.register('q')}
          />
          <SelectField label="Rows" className="search-bar__limit" {...form.register('limit')}>
            {AUDIT_LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn btn--primary">
            Search
          </button>
        </form>
        <div className="toolbar">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate(search.q)}
          >
            {exporter.isPending ? 'Exporting…' : 'Export CSV'}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={verify.isPending}
            onClick={() => verify.mutate()}
          >
            {verify.isPending ? 'Verifying…' : 'Verify chain'}
          </button>
        </div>
      </div>
      {verify.isSuccess ? (
        <Notice
          tone={verify.data.brokenAt === null ? 'success' : 'error'}
          onDismiss={() => verify.reset()}
        >
          {verifiedText(verify.data)}
        </Notice>
      ) : null}
      {verify.isError ? <Notice tone="error">{errorText(verify.error)}</Notice> : null}
      {rows.isPending ? (
        <Loading label="Loading the audit log…" />
      ) : rows.isError ? (
        <LoadError error={rows.error} onRetry={() => rows.refetch()} />
      ) : (
        <DataTable
          data={rows.data}
          columns={columns}
          caption="Audit log, newest first"
          empty={<EmptyState>No row matches this search.</EmptyState>}
          initialSorting={[{ id: 'at', desc: true }]}
          pageSize={50}
          getRowId={(row, index) => String(rowNumber(row) ?? `row-${index}`)}
        />
      )}
    </div>
  );
}
