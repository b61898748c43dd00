import type { Permission, Role as ApiRole } from '@shared/api/generated';

/**
 * The permissions of docs/backoffice-api.md, as the server's API description names them: the app
 * shows only what the member's allow.
 */
export type { Permission };

/** The roles a staff member may hold, with what each is for. */
export const ROLES = [
  {
    role: 'support',
    label: 'Support',
    about: 'Players: notes, notifications, sessions; the sportsbook (read only)',
  },
  {
    role: 'finance',
    label: 'Finance',
    about: 'Payments, balance adjustments, bonuses, reports, the sportsbook',
  },
  {
    role: 'compliance',
    label: 'Compliance',
    about: 'Identity documents, exclusions, audit log, reports, the sportsbook (read only)',
  },
  { role: 'content', label: 'Content', about: 'Banners, site content' },
  { role: 'admin', label: 'Admin', about: 'Staff accounts, audit log' },
] as const satisfies readonly { role: ApiRole; label: string; about: string }[];

export type Role = (typeof ROLES)[number]['role'];
