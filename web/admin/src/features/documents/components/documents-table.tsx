import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { playerColumn, waitingColumn } from '../../../components/ui/cells';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState, LoadError, Loading } from '../../../components/ui/status';
import { formatSize } from '../../../lib/format';
import { useDocuments, type DocumentItem } from '../api/get-documents';
import { docWord } from './document-labels';
import { useNow } from '../../../lib/use-now';

const column = createColumnHelper<DocumentItem>();

/** The identity documents waiting for review; each opens its review page. */
export function DocumentsTable() {
  const documents = useDocuments();
  const now = useNow();
  if (documents.isPending) return <Loading label="Loading documents…" />;
  if (documents.isError) {
    return <LoadError error={documents.error} onRetry={() => documents.refetch()} />;
  }
  const columns = [
    column.accessor('id', {
      header: 'Document',
      cell: ({ getValue }) => <span className="tabular">#{getValue()}</span>,
    }),
    playerColumn<DocumentItem>(),
    column.accessor((row) => `${docWord(row.kind)} ${docWord(row.docType)}`, {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span>{docWord(row.original.docType)}</span>
          <span className="muted small">{docWord(row.original.kind)}</span>
        </div>
      ),
    }),
    column.accessor((row) => docWord(row.side), { id: 'side', header: 'Side' }),
    waitingColumn<DocumentItem>('uploadedAt', (row) => row.uploadedAt, now),
    column.accessor('size', {
      header: 'Size',
      enableGlobalFilter: false,
      meta: { align: 'end' },
      cell: ({ getValue }) => <span className="tabular">{formatSize(getValue())}</span>,
    }),
    column.display({
      id: 'open',
      header: 'Review',
      meta: { align: 'end' },
      cell: ({ row }) => (
        <Link
          className="btn btn--ghost btn--sm"
          to={`/documents/${row.original.id}`}
          aria-label={`Review document #${row.original.id} of ${row.original.username}`}
        >
          Review
        </Link>
      ),
    }),
  ];
  return (
    <DataTable
      data={documents.data}
      columns={columns}
      caption="Identity documents waiting for review"
      empty={<EmptyState>No document is waiting for review.</EmptyState>}
      searchLabel="Search"
      searchPlaceholder="Player, type, side"
      initialSorting={[{ id: 'uploadedAt', desc: false }]}
      getRowId={(row) => String(row.id)}
    />
  );
}
