import type { IconName } from '../components/ui/icon';
import type { Permission } from '../lib/permissions';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** The permission that opens the page (none: every member). */
  permission?: Permission;
  /** The queue whose count shows beside it. */
  queue?: 'withdrawals' | 'deposits' | 'documents';
}

/** The side navigation: a member sees the pages their permissions open. */
export const NAV: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: 'dashboard' },
  {
    to: '/withdrawals',
    label: 'Withdrawals',
    icon: 'withdrawals',
    permission: 'payments.read',
    queue: 'withdrawals',
  },
  {
    to: '/deposits',
    label: 'Deposits',
    icon: 'deposits',
    permission: 'payments.read',
    queue: 'deposits',
  },
  { to: '/adjustments', label: 'Adjustments', icon: 'adjustments', permission: 'players.adjust' },
  {
    to: '/documents',
    label: 'Documents',
    icon: 'documents',
    permission: 'kyc.read',
    queue: 'documents',
  },
  { to: '/players', label: 'Players', icon: 'players', permission: 'players.read' },
  { to: '/staff', label: 'Staff', icon: 'staff', permission: 'staff.manage' },
  { to: '/audit', label: 'Audit log', icon: 'audit', permission: 'audit.read' },
  { to: '/sports', label: 'Sportsbook', icon: 'sports', permission: 'sports.read' },
  { to: '/reports', label: 'Reports', icon: 'reports', permission: 'reports.read' },
  { to: '/banners', label: 'Banners', icon: 'banners', permission: 'content.edit' },
  { to: '/content', label: 'Site content', icon: 'content', permission: 'content.edit' },
];

export const visibleNav = (permissions: readonly string[]) =>
  NAV.filter((item) => !item.permission || permissions.includes(item.permission));
