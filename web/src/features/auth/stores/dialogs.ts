import { createStore, useStore } from '@/lib/create-store';

/** The dialog flags of spec section 2: only one is open at a time. */
export type DialogName =
  'login' | 'register' | 'recovery' | 'changePassword' | 'smsVerify' | 'phoneVerification';

export const dialogStore = createStore<DialogName | null>(null);

/** Opens one dialog; any other open dialog closes. */
export function openDialog(name: DialogName): void {
  dialogStore.set(name);
}

export function closeDialog(name?: DialogName): void {
  if (name && dialogStore.get() !== name) return;
  dialogStore.set(null);
}

export function useOpenDialog(): DialogName | null {
  return useStore(dialogStore);
}
