/** The permissions of docs/backoffice-api.md: the app shows only what the member's allow. */
export type Permission =
  | 'players.read'
  | 'players.note'
  | 'players.notify'
  | 'players.sessions'
  | 'players.exclude'
  | 'players.adjust'
  | 'payments.read'
  | 'payments.decide'
  | 'kyc.read'
  | 'kyc.decide'
  | 'audit.read'
  | 'reports.read'
  | 'content.edit'
  | 'staff.manage';

/** The roles a staff member may hold, with what each is for. */
export const ROLES = [
  { role: 'support', label: 'Support', about: 'Players: notes, notifications, sessions' },
  { role: 'finance', label: 'Finance', about: 'Payments, balance adjustments, reports' },
  {
    role: 'compliance',
    label: 'Compliance',
    about: 'Identity documents, exclusions, audit log, reports',
  },
  { role: 'content', label: 'Content', about: 'Banners' },
  { role: 'admin', label: 'Admin', about: 'Staff accounts, audit log' },
] as const;

export type Role = (typeof ROLES)[number]['role'];
