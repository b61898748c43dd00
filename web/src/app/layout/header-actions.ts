import { useTranslation } from 'react-i18next';
import { openDialog } from '@/features/auth/stores/dialogs';
import { useClaimableCount } from '@/features/bonuses/api/get-claimable';
import { openClaimDialog } from '@/features/bonuses/stores/claim-dialog';
import { useSession } from '@/lib/session-store';

/** The search button's target: live casino search on live pages, else the slot search. */
export function searchTarget(pathname: string): string {
  return pathname.startsWith('/casino/live') ? '/casino/live' : '/casino/slot';
}

/** The search button's navigation state: the lobby puts the focus in its search field. */
export const SEARCH_LINK_STATE = { focusSearch: true } as const;

/** Whether a navigation came from the search button. */
export function fromSearchButton(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { focusSearch?: unknown }).focusSearch === true
  );
}

/**
 * Claim Reward: logged out it asks for a login; logged in it opens the Claim Reward dialog (what
 * the player can claim now, bonuses feature).
 */
export function useClaimReward(): () => void {
  const { isLoggedIn } = useSession();
  return () => (isLoggedIn ? openClaimDialog() : openDialog('login'));
}

/** The badge of Claim Reward: how many rewards wait (0 logged out, or none). */
export function claimBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/**
 * Claim Reward's count and its accessible name: the visible words first, then how many rewards
 * wait, as the badge reads (9+), when there are some: the name holds what the button shows in
 * that order (WCAG 2.5.3, label in name; the markup puts the badge after the words).
 */
export function useClaimRewardBadge(label: string): { badge: string | null; name: string } {
  const { t } = useTranslation();
  const badge = claimBadge(useClaimableCount());
  return {
    badge,
    name: badge ? `${label}, ${t('bonuses.claim.available', { rewards: badge })}` : label,
  };
}
