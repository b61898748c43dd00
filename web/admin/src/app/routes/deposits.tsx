import { DepositsTable } from '../../features/payments/components/deposits-table';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan } from '../layout/staff-context';

export function DepositsPage() {
  usePageTitle('Deposits');
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Deposits"
        description="Bank transfers and e-wallet deposits waiting for an operator, oldest first."
      />
      <DepositsTable canDecide={can('payments.decide')} />
    </>
  );
}
