import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** sonner as a record of what was asked of it. */
const sonner = vi.hoisted(() => {
  const calls: { kind: string; message: string; id: unknown }[] = [];
  const dismissed: unknown[] = [];
  const show =
    (kind: string) =>
    (message: string, options?: { id?: unknown }): unknown => {
      calls.push({ kind, message, id: options?.id });
      return options?.id ?? calls.length;
    };
  const toast = Object.assign(show('plain'), {
    success: show('success'),
    error: show('error'),
    warning: show('warning'),
    info: show('info'),
    loading: show('loading'),
    dismiss: (id?: unknown) => {
      dismissed.push(id);
    },
  });
  return { toast, calls, dismissed };
});
vi.mock('sonner', () => ({ toast: sonner.toast }));

// A fresh copy of the module: it keeps the sonner it loaded first, and test files share a worker's
// modules (Vitest runs them without isolation), so another file's toast would hold the real one.
vi.resetModules();
const { TOAST_DURATION_MS, notify, toasterStore } = await import('./toast');

// And the files after this one get the real sonner and their own toast module again.
afterAll(() => {
  vi.doUnmock('sonner');
  vi.resetModules();
});

beforeEach(() => {
  sonner.calls.length = 0;
  sonner.dismissed.length = 0;
});

describe('toasts (spec section 9)', () => {
  it('the first toast mounts the toaster', async () => {
    await notify.info('Merhaba');
    expect(toasterStore.get()).toBe(true);
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it('the same message twice is one toast (same id), another message another', async () => {
    const a = await notify.error('Bağlantı hatası');
    const b = await notify.error('Bağlantı hatası');
    const c = await notify.error('Şifre hatalı');
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    // The same text as a success is not the error's toast.
    expect(await notify.success('Bağlantı hatası')).not.toBe(a);
  });

  it("an action's success removes that action's earlier error, not another action's", async () => {
    const loginError = await notify.error('Şifre hatalı', { action: 'login' });
    const otherError = await notify.error('Kod hatalı', { action: 'sms' });
    await notify.success('Hoş geldiniz', { action: 'login' });
    expect(sonner.dismissed).toEqual([loginError]);
    expect(sonner.dismissed).not.toContain(otherError);
  });

  it("an action's new failure replaces its earlier one; a repeat of it stays one toast", async () => {
    const first = await notify.error('Şifre hatalı', { action: 'register' });
    await notify.error('Şifre hatalı', { action: 'register' });
    expect(sonner.dismissed).toEqual([]);
    await notify.error('Çok fazla deneme', { action: 'register' });
    expect(sonner.dismissed).toEqual([first]);
  });

  it('settling an action closes its error once', async () => {
    const error = await notify.error('Hata', { action: 'claim' });
    await notify.settle('claim');
    await notify.settle('claim');
    expect(sonner.dismissed).toEqual([error]);
  });
});
