import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { celebrationStore, endCelebration } from '@/lib/celebrate';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { claimOutcome, useClaimBonus } from './claim-bonus';
import { envelope } from '@/test/envelope';

const granted = {
  id: 7,
  title: 'Hoş Geldin Bonusu',
  source: 'promotion',
  promotion: 'welcome',
  amount: 100,
  balance: 100,
  wagerRequired: 2000,
  wagered: 0,
  progress: 0,
  maxBet: 50,
  state: 'active',
  createdAt: '2026-05-01T10:00:00Z',
  expiresAt: '2026-05-08T10:00:00Z',
  endedAt: null,
};

describe('a claim answer', () => {
  it('claimed: celebrated with the server message', () => {
    expect(
      claimOutcome({
        data: { claimed: true, bonus: null, balance: 150 },
        message: '100,00 ₺ bonus hesabınıza eklendi',
        status: 200,
      }),
    ).toEqual({ kind: 'claimed', message: '100,00 ₺ bonus hesabınıza eklendi', balance: 150 });
  });

  it('not claimed: said as information, with a text of its own when the server sends none', () => {
    expect(
      claimOutcome({
        data: { claimed: false, bonus: null, balance: 50 },
        message: null,
        status: 200,
      }),
    ).toEqual({ kind: 'nothing', message: 'Bu ödülden alınacak bir şey kalmadı.', balance: 50 });
    expect(
      claimOutcome({ data: { claimed: true, bonus: null, balance: 50 }, message: ' ', status: 200 })
        .message,
    ).toBe('Bonusunuz hesabınıza eklendi.');
  });
});

describe('useClaimBonus', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

  beforeEach(() => {
    client = createQueryClient();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(notify, 'info').mockResolvedValue('i');
    vi.spyOn(notify, 'error').mockResolvedValue('e');
    vi.spyOn(notify, 'success').mockResolvedValue('s');
    setAuthData({ token: 't', username: 'oyuncu' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    resetSession();
    endCelebration();
  });

  it('a credit is celebrated, the balance written and the bonus queries read again', async () => {
    client.setQueryData(['user', 'balance'], 50);
    client.setQueryData(['bonus', 'claimable', 'tr'], [{ slug: 'welcome' }]);
    client.setQueryData(['customer', 'profile'], { id: 1 });
    fetchMock.mockResolvedValueOnce(
      envelope(true, '100,00 ₺ bonus eklendi', { claimed: true, bonus: granted, balance: 150 }),
    );
    const onClaimed = vi.fn();
    const { result } = renderHook(() => useClaimBonus(), { wrapper });
    act(() => result.current.claim('welcome', onClaimed));
    await waitFor(() => expect(onClaimed).toHaveBeenCalledOnce());

    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/bonus\/claim$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ slug: 'welcome' });
    expect(celebrationStore.get()).toEqual({ message: '100,00 ₺ bonus eklendi' });
    expect(client.getQueryData(['user', 'balance'])).toEqual({
      balance: 150,
      realBalance: null,
      bonusBalance: null,
    });
    expect(client.getQueryState(['bonus', 'claimable', 'tr'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['customer', 'profile'])?.isInvalidated).toBe(true);
    expect(notify.info).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('nothing left to claim is an info toast: no error, no celebration, the dialog stays', async () => {
    client.setQueryData(['bonus', 'claimable', 'tr'], [{ slug: 'welcome' }]);
    fetchMock.mockResolvedValueOnce(
      envelope(true, 'Bu ödülü zaten aldınız', { claimed: false, bonus: null, balance: 50 }),
    );
    const onClaimed = vi.fn();
    const { result } = renderHook(() => useClaimBonus(), { wrapper });
    act(() => result.current.claim('welcome', onClaimed));
    await waitFor(() => expect(notify.info).toHaveBeenCalledOnce());
    expect(notify.info).toHaveBeenCalledWith('Bu ödülü zaten aldınız', expect.anything());
    expect(notify.error).not.toHaveBeenCalled();
    expect(celebrationStore.get()).toBeNull();
    expect(onClaimed).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(client.getQueryState(['bonus', 'claimable', 'tr'])?.isInvalidated).toBe(true),
    );
  });

  it('a refusal is the one error toast', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(false, 'Deneme bonusu için telefonunuzu doğrulayın', null, 400),
    );
    const { result } = renderHook(() => useClaimBonus(), { wrapper });
    act(() => result.current.claim('trial'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledOnce());
    expect(notify.error).toHaveBeenCalledWith(
      'Deneme bonusu için telefonunuzu doğrulayın',
      expect.anything(),
    );
    expect(notify.info).not.toHaveBeenCalled();
    expect(celebrationStore.get()).toBeNull();
  });

  it('a second claim while one is on its way is not sent; the pending slug is known', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useClaimBonus(), { wrapper });
    act(() => result.current.claim('welcome'));
    await waitFor(() => expect(result.current.pendingSlug).toBe('welcome'));
    act(() => result.current.claim('weekend'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(envelope(true, 'ok', { claimed: true, bonus: granted, balance: 150 }));
    await waitFor(() => expect(result.current.pendingSlug).toBeNull());
  });
});
