import { useDefineTrialBonus } from '@/features/account/api/define-trial-bonus';
import { openDialog } from '@/features/auth/stores/dialogs';
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

/** Claim Reward: logged out it asks for a login; logged in it asks the server for the trial bonus. */
export function useClaimReward(): () => void {
  const { isLoggedIn } = useSession();
  const { mutate } = useDefineTrialBonus();
  return () => (isLoggedIn ? mutate() : openDialog('login'));
}
