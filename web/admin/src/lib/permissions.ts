/** The permissions of docs/backoffice-api.md: the app shows only what the member's allow. */
export type Permission =
  | 'players.read'
  | 'players.note'
  | 'players.notify'
  | 'players.sessions'
  | 'players.exclude'
  | 'players.adjust'
  | 'players.bonus'
  | 'payments.read'
  | 'payments.decide'
  | 'kyc.read'
  | 'kyc.decide'
  | 'audit.read'
  | 'reports.read'
  | 'content.edit'
  | 'staff.manage'
  | 'sports.read'
  | 'sports.manage';

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
] as const;

export type Role = (typeof ROLES)[number]['role'];
