import { CreateStaffForm } from '../../features/staff/components/create-staff-form';
import { StaffTable } from '../../features/staff/components/staff-table';
import { PageHeader, Section } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useStaffMember } from '../layout/staff-context';

export function StaffPage() {
  usePageTitle('Staff');
  const me = useStaffMember();
  return (
    <>
      <PageHeader
        title="Staff"
        description="Disabling a member signs them out everywhere at once."
      />
      <div className="split">
        <Section title="Members">
          <StaffTable myId={me.id} />
        </Section>
        <Section title="New staff member">
          <CreateStaffForm />
        </Section>
      </div>
    </>
  );
}
