import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DocumentReview } from '../../features/documents/components/document-review';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan } from '../layout/staff-context';

export function DocumentPage() {
  const id = Number(useParams().id);
  usePageTitle(`Document #${id}`);
  const can = useCan();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={`Document #${id}`}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/documents">
            Back to the queue
          </Link>
        }
      />
      <DocumentReview
        id={id}
        canDecide={can('kyc.decide')}
        onDecided={(text) => {
          toast.success(text);
          navigate('/documents');
        }}
      />
    </>
  );
}
