import { createStore, useStore } from '@/lib/create-store';

/** Whether the Claim Reward dialog is open (the header, the bottom bar and the account sheet open it). */
export const claimDialogStore = createStore(false);

export function openClaimDialog(): void {
  claimDialogStore.set(true);
}

export function closeClaimDialog(): void {
  claimDialogStore.set(false);
}

export function useClaimDialogOpen(): boolean {
  return useStore(claimDialogStore);
}
