import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDialog, dialogStore } from '@/features/auth/stores/dialogs';
import { claimDialogStore, closeClaimDialog } from '@/features/bonuses/stores/claim-dialog';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { prefetchBonusStep } from '../startup';
import { claimBadge, useClaimReward, useClaimRewardBadge } from './header-actions';
import { okEnvelope } from '@/test/envelope';

const fetchMock = vi.fn<typeof fetch>();

const reward = (slug: string, needsPhone = false) => ({
  slug,
  title: slug,
  amount: 50,
  wagering: 10,
  maxBet: 25,
  days: 3,
  image: null,
  needsPhone,
});

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  resetSession();
  closeDialog();
  closeClaimDialog();
});

describe('Claim Reward', () => {
  it('logged out opens the login form; logged in the Claim Reward dialog', () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(() => useClaimReward(), { wrapper });
    act(() => result.current());
    expect(dialogStore.get()).toBe('login');
    expect(claimDialogStore.get()).toBe(false);
    closeDialog();
    act(() => setAuthData({ token: 't' }));
    rerender();
    act(() => result.current());
    expect(claimDialogStore.get()).toBe(true);
    expect(dialogStore.get()).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('definetrialbonus'))).toEqual(
      [],
    );
  });

  it('its badge counts the rewards waiting, 9+ above nine, none at zero', () => {
    expect(claimBadge(0)).toBeNull();
    expect(claimBadge(1)).toBe('1');
    expect(claimBadge(9)).toBe('9');
    expect(claimBadge(12)).toBe('9+');
  });

  it('names the count after the visible words, logged in only', async () => {
    // The trial bonus waiting for a verified phone is listed but not counted.
    fetchMock.mockResolvedValue(
      okEnvelope([reward('trial', true), reward('welcome'), reward('weekend')]),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const out = renderHook(() => useClaimRewardBadge('Ödül Al'), { wrapper });
    expect(out.result.current).toEqual({ badge: null, name: 'Ödül Al' });
    expect(fetchMock).not.toHaveBeenCalled();
    out.unmount();

    setAuthData({ token: 't' });
    const { result } = renderHook(() => useClaimRewardBadge('Ödül Al'), { wrapper });
    await waitFor(() => expect(result.current.badge).toBe('2'));
    expect(result.current.name).toBe('Ödül Al, 2 ödül alınabilir');
  });

  it('names the count as the badge shows it (9+), so the name holds what is seen', async () => {
    setAuthData({ token: 't' });
    fetchMock.mockResolvedValue(
      okEnvelope(Array.from({ length: 12 }, (_, i) => reward(`promo-${String(i)}`))),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useClaimRewardBadge('Ödül Al'), { wrapper });
    await waitFor(() => expect(result.current.badge).toBe('9+'));
    expect(result.current.name).toBe('Ödül Al, 9+ ödül alınabilir');
  });
});

describe("startup's bonus step", () => {
  it('logged out asks nothing', () => {
    const client = createQueryClient();
    prefetchBonusStep(client);
    client.setQueryData(['bootstrap'], {});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logged in, the claimable list follows the bootstrap answer', async () => {
    setAuthData({ token: 't' });
    fetchMock.mockResolvedValue(okEnvelope([reward('welcome')]));
    const client = createQueryClient();
    prefetchBonusStep(client);
    expect(calls('/bonus/claimable')).toHaveLength(0);
    // The bootstrap answers: the 'bonus' step runs.
    act(() => {
      client.setQueryData(['bootstrap'], {});
    });
    await waitFor(() => expect(calls('/bonus/claimable')).toHaveLength(1));
    await waitFor(() =>
      expect(client.getQueryData(['bonus', 'claimable', 'tr'])).toEqual([reward('welcome')]),
    );
    // Once only.
    act(() => {
      client.setQueryData(['bootstrap'], { again: true });
    });
    expect(calls('/bonus/claimable')).toHaveLength(1);
  });
});
