import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { openDialog } from '@/lib/dialogs';

/** The search button's target: live casino search on live pages, else the slot search. */
export function searchTarget(pathname: string): string {
  return pathname.startsWith('/casino/live') ? '/casino/live' : '/casino/slot';
}

/** Claim Reward: logged out it asks for a login; logged in it asks the server for the trial bonus. */
export function claimReward(): void {
  if (!authStore.get().isLoggedIn) {
    openDialog('login');
    return;
  }
  void api.get('bonus/definetrialbonus', { toastSuccess: true });
}
