import { useSearchParams } from 'react-router';
import { AuditLog } from '../../features/audit/components/audit-log';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function AuditPage() {
  usePageTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const limit = Number(params.get('limit')) || 200;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every staff action and sign-in, newest first, each row chained to the one before."
      />
      <AuditLog
        search={{ q, limit }}
        onSearch={(next) => setParams({ q: next.q, limit: String(next.limit) })}
      />
    </>
  );
}
