import { createStore, useStore } from '@/lib/create-store';
import type { NotificationId } from '../api/get-notifications';

/** Whether the notifications panel is open, and which notification it shows (null: the list). */
export type PanelState = { open: boolean; selectedId: NotificationId | null };

export const panelStore = createStore<PanelState>({ open: false, selectedId: null });

export function openPanel(selectedId: NotificationId | null = null): void {
  panelStore.set({ open: true, selectedId });
}

export function closePanel(): void {
  panelStore.set({ open: false, selectedId: null });
}

export function selectNotification(selectedId: NotificationId | null): void {
  panelStore.set((s) => ({ ...s, selectedId }));
}

export function usePanel(): PanelState {
  return useStore(panelStore);
}
