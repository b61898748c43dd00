import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { GameWindow } from './game-window';

const fetchMock = vi.fn<typeof fetch>();
const studio = {
  providerName: 'Kasa Studio',
  gameCode: 'kasa-sultans-gold',
  name: 'Sultan’ın Altını',
};

function renderWindow(game = studio, onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GameWindow game={game} onClose={onClose} onDeposit={vi.fn()} />
    </QueryClientProvider>,
  );
  return onClose;
}

let launches = 0;
beforeEach(() => {
  launches = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => {
    launches++;
    return new Response(
      JSON.stringify({
        success: true,
        data: `/games/kasa-sultans-gold/?token=t${launches}&lang=tr`,
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notify, 'info').mockResolvedValue('i');
  vi.spyOn(notify, 'error').mockResolvedValue('e');
  setAuthData({ token: 't', username: 'oyuncu' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSession();
  initI18n('tr');
});

describe('the game window', () => {
  it("launches the studio game, shows 'Loading...' and the frame named after the game", async () => {
    renderWindow();
    expect(screen.getByRole('status')).toHaveTextContent('Yükleniyor...');
    const frame = await screen.findByTitle(studio.name);
    expect(frame.getAttribute('src')).toBe('/games/kasa-sultans-gold/?token=t1&lang=tr');
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/casino\/kasalaunchurl$/);
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'kasa-sultans-gold', isMobile: true });
  });

  it('refresh shows the toast and launches again (the token is single use)', async () => {
    const user = userEvent.setup();
    renderWindow();
    await screen.findByTitle(studio.name);
    await user.click(screen.getByRole('button', { name: 'Oyunu yenile' }));
    expect(notify.info).toHaveBeenCalledWith('Oyun yeniden yüklenecek. Lütfen bekleyin...');
    await waitFor(() =>
      expect(screen.getByTitle(studio.name).getAttribute('src')).toContain('token=t2'),
    );
    expect(launches).toBe(2);
  });

  it('says the refresh toast in English', async () => {
    initI18n('en');
    await builtInTextsReady();
    const user = userEvent.setup();
    renderWindow();
    await screen.findByTitle(studio.name);
    await user.click(screen.getByRole('button', { name: 'Reload the game' }));
    expect(notify.info).toHaveBeenCalledWith('The game is reloading. Please wait...');
  });

  function failWith(message: string) {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ success: false, message, data: null }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
  }

  it('a failed EGT launch shows the message and closes the game (section 8)', async () => {
    failWith('EGT Digital şu anda kullanılamıyor: oyunları açılamaz.');
    const onClose = renderWindow({
      providerName: 'EGT Digital',
      gameCode: 'egt-royal-sevens',
      name: 'Royal Sevens',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify.error).toHaveBeenCalledWith(
      'EGT Digital şu anda kullanılamıyor: oyunları açılamaz.',
    );
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/casino\/egtlaunchurl$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      platform: 2,
      gameCode: 'egt-royal-sevens',
      language: 'tr',
      lobbyUrl: `${window.location.origin}/casino`,
    });
  });

  it.each([
    ['Digitain', 'casino/dtlaunchurl', {}],
    ['EveryMatrix', 'casino/emlaunchurl', { productId: '12' }],
  ])(
    'a failed %s launch only shows the message: the window stays (section 8)',
    async (provider, path, extra) => {
      failWith(`${provider} is not available right now: its games cannot be opened.`);
      const onClose = renderWindow({
        providerName: provider,
        gameCode: 'g-1',
        name: 'G',
        ...extra,
      });
      expect(
        await screen.findByText(
          `${provider} is not available right now: its games cannot be opened.`,
        ),
      ).toBeInTheDocument();
      expect(notify.error).toHaveBeenCalled();
      expect(String(fetchMock.mock.calls[0][0])).toContain(`/api/${path}`);
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    },
  );

  it('a SoftGamings launch writes its page sanitized and starts its script', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            data: '<div id="sg-root" onclick="alert(1)">SG</div><script>window.__sgStarted = (window.__sgStarted || 0) + 1;</script>',
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const onClose = renderWindow({
      providerName: 'SoftGamings',
      gameCode: 'sg-book-of-sands',
      name: 'Book of Sands',
      system: '961',
    } as typeof studio);
    const root = await screen.findByText('SG');
    expect(root.getAttribute('onclick')).toBeNull();
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      system: '961',
      pageCode: 'sg-book-of-sands',
      isMobile: 1,
    });
    // The script is re-created as a script element (the browser runs those, not innerHTML's).
    const scripts = screen.getByTestId('game-html').querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].text).toContain('window.__sgStarted');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a provider without a launch call shows a clear error and closes, calling nothing', async () => {
    const onClose = renderWindow({ providerName: 'Nowhere', gameCode: 'n-1', name: 'N' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify.error).toHaveBeenCalledWith(expect.stringContaining('Nowhere'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
