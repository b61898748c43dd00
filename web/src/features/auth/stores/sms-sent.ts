import { createStore, useStore } from '@/lib/create-store';

/**
 * When an SMS code last went out to each phone in this tab (epoch ms, by the phone's digits): the
 * server refuses a new code to the same phone for 60 s (KASA_SMS_RESEND_SECS), so every phone
 * step (registration, dashboard, profile) shows that wait as a live countdown instead of a Send
 * Code the server would refuse, and a code step opened without sending ("I already have a code")
 * counts from the real send.
 */
export const smsSentStore = createStore<Readonly<Record<string, number>>>({});

function key(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A code was sent to `phone` (now, unless `at` says when). */
export function markSmsSent(phone: string, at: number = Date.now()): void {
  smsSentStore.set((sent) => ({ ...sent, [key(phone)]: at }));
}

/** When the last code went out to `phone` in this tab, or null when none did. */
export function smsSentAt(phone: string): number | null {
  return smsSentStore.get()[key(phone)] ?? null;
}

/** smsSentAt, followed as codes go out. */
export function useSmsSentAt(phone: string): number | null {
  return useStore(smsSentStore)[key(phone)] ?? null;
}

/** Forgets every send (tests; a logout needs nothing: the server's wait is per phone). */
export function resetSmsSent(): void {
  smsSentStore.set({});
}
