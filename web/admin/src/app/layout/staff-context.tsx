import { createContext, useContext } from 'react';
import type { Staff } from '../../features/auth/api/get-me';
import type { Permission } from '../../lib/permissions';

/** The signed-in staff member, for every page inside the shell. */
export const StaffContext = createContext<Staff | null>(null);

export function useStaffMember(): Staff {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaffMember: outside the signed-in shell');
  return staff;
}

/** Whether the signed-in member's roles give `permission`. */
export function useCan(): (permission: Permission) => boolean {
  const staff = useStaffMember();
  return (permission) => staff.permissions.includes(permission);
}
