import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { toggleToast, useToggleFavorite } from './toggle-favorite';
import type { CasinoGame } from './schemas';
import { envelope } from '@/test/envelope';

const game: CasinoGame = {
  id: 1,
  gameCode: 'kasa-sultans-gold',
  name: "Sultan's Gold",
  providerName: 'Kasa Studio',
  mainProviderId: 1,
  systemCategory: [1, 3],
  imageUrl: '/media/games/kasa-sultans-gold.svg',
  isLive: false,
  isNew: true,
  isFavorite: false,
  platforms: ['desktop', 'mobile'],
  popularity: 960,
};

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('favourite toggle (spec section 4)', () => {
  it('a removal is a warning, an addition a success, with the server message', () => {
    expect(toggleToast({ favorite: false, message: 'Favorilerden çıkarıldı' })).toEqual({
      kind: 'warning',
      text: 'Favorilerden çıkarıldı',
    });
    expect(toggleToast({ favorite: true, message: 'Favorilere eklendi' })).toEqual({
      kind: 'success',
      text: 'Favorilere eklendi',
    });
    expect(toggleToast({ favorite: true, message: '' }).kind).toBe('success');
  });

  describe('the hook', () => {
    const fetchMock = vi.fn<typeof fetch>();
    beforeEach(() => {
      vi.stubGlobal('fetch', fetchMock);
      vi.spyOn(notify, 'success').mockResolvedValue('s');
      vi.spyOn(notify, 'warning').mockResolvedValue('w');
      vi.spyOn(notify, 'error').mockResolvedValue('e');
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      fetchMock.mockReset();
      resetSession();
    });

    it('logged out: the login form opens and nothing is called', () => {
      const onLogin = vi.fn();
      const { result } = renderHook(() => useToggleFavorite(onLogin), { wrapper });
      act(() => result.current.toggle(game));
      expect(onLogin).toHaveBeenCalledOnce();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('one toast per action: added (success), removed (warning), failed (the error)', async () => {
      setAuthData({ token: 't', username: 'oyuncu' });
      const onLogin = vi.fn();
      const { result } = renderHook(() => useToggleFavorite(onLogin), { wrapper });

      fetchMock.mockResolvedValueOnce(envelope(true, 'Eklendi', { favorite: true, gameId: 1 }));
      act(() => result.current.toggle(game));
      await waitFor(() => expect(notify.success).toHaveBeenCalledTimes(1));
      expect(notify.success).toHaveBeenCalledWith('Eklendi', expect.anything());
      const [url, init] = fetchMock.mock.calls[0];
      expect(String(url)).toMatch(/\/api\/casino\/togglefavorite$/);
      expect(JSON.parse(String(init?.body))).toEqual({ code: 'kasa-sultans-gold', providerId: 1 });

      fetchMock.mockResolvedValueOnce(envelope(true, 'Çıkarıldı', { favorite: false, gameId: 1 }));
      act(() => result.current.toggle({ ...game, isFavorite: true }));
      await waitFor(() => expect(notify.warning).toHaveBeenCalledTimes(1));
      expect(notify.warning).toHaveBeenCalledWith('Çıkarıldı', expect.anything());

      fetchMock.mockResolvedValueOnce(envelope(false, 'Oyun bulunamadı', null, 404));
      act(() => result.current.toggle(game));
      await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
      expect(notify.error).toHaveBeenCalledWith('Oyun bulunamadı', expect.anything());
      expect(notify.success).toHaveBeenCalledTimes(1);
      expect(notify.warning).toHaveBeenCalledTimes(1);
      expect(onLogin).not.toHaveBeenCalled();
    });
  });
});
