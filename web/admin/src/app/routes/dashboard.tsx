import { QueueCards } from '../../features/queues/components/queue-cards';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan, useStaffMember } from '../layout/staff-context';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const staff = useStaffMember();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Signed in as ${staff.username}. The queues refresh every 30 seconds.`}
      />
      <QueueCards
        links={[
          {
            queue: 'withdrawals',
            title: 'Withdrawals',
            to: can('payments.read') ? '/withdrawals' : null,
          },
          { queue: 'deposits', title: 'Deposits', to: can('payments.read') ? '/deposits' : null },
          {
            queue: 'documents',
            title: 'Identity documents',
            to: can('kyc.read') ? '/documents' : null,
          },
        ]}
      />
    </>
  );
}
