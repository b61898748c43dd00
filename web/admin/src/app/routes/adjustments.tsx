import { AdjustmentsTable } from '../../features/adjustments/components/adjustments-table';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useStaffMember } from '../layout/staff-context';

export function AdjustmentsPage() {
  usePageTitle('Adjustments');
  const staff = useStaffMember();
  return (
    <>
      <PageHeader
        title="Balance adjustments"
        description="Asked by one finance member; another applies or rejects each."
      />
      <AdjustmentsTable username={staff.username} />
    </>
  );
}
