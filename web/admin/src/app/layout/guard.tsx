import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page';
import type { Permission } from '../../lib/permissions';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan } from './staff-context';

/** A page for members whose roles give `permission`; others read why they cannot see it. */
export function Guard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const can = useCan();
  return can(permission) ? children : <NotAllowed permission={permission} />;
}

function NotAllowed({ permission }: { permission: Permission }) {
  usePageTitle('Not allowed');
  return (
    <PageHeader
      title="Not allowed"
      description={
        <>
          Your roles do not give the permission this page needs (<code>{permission}</code>). Ask an
          admin if you should have it.
        </>
      }
    />
  );
}
