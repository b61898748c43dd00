import { Badge, type BadgeTone } from '../../../components/ui/status';
import { labelOf } from '../../../lib/format';

/** The identity check's states, as the withdrawal queue shows them. */
export const IDENTITY: Record<string, { label: string; tone: BadgeTone }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  pending: { label: 'Pending review', tone: 'info' },
  incomplete: { label: 'One side approved', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  expired: { label: 'Expired', tone: 'warning' },
};

export function IdentityBadge({ state }: { state: string }) {
  const known = IDENTITY[state];
  return <Badge tone={known?.tone ?? 'neutral'}>{known?.label ?? labelOf(state)}</Badge>;
}
