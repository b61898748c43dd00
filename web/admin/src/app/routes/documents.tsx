import { DocumentsTable } from '../../features/documents/components/documents-table';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function DocumentsPage() {
  usePageTitle('Identity documents');
  return (
    <>
      <PageHeader
        title="Identity documents"
        description="Documents waiting for review, oldest first. Each view of a file is recorded."
      />
      <DocumentsTable />
    </>
  );
}
