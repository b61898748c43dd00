import { describe, expect, it } from 'vitest';
import { closeDialog, dialogStore, openDialog } from './dialogs';

describe('dialog store', () => {
  it('keeps only one dialog open', () => {
    openDialog('login');
    expect(dialogStore.get()).toBe('login');
    openDialog('register');
    expect(dialogStore.get()).toBe('register');
    closeDialog('login');
    expect(dialogStore.get()).toBe('register');
    closeDialog();
    expect(dialogStore.get()).toBeNull();
  });
});
