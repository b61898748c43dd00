import { WithdrawalsTable } from '../../features/payments/components/withdrawals-table';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan, useStaffMember } from '../layout/staff-context';

export function WithdrawalsPage() {
  usePageTitle('Withdrawals');
  const staff = useStaffMember();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Withdrawals"
        description="Pending withdrawals, oldest first. Large ones need two approvals by two different members."
      />
      <WithdrawalsTable canDecide={can('payments.decide')} staffId={staff.id} />
    </>
  );
}
