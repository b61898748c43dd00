import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { CASINO_PATH, SportsPage } from './sports-page';

function renderPage(props: Partial<Parameters<typeof SportsPage>[0]> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SportsPage
          provider="betsy"
          mode="prematch"
          titleKey="menu.sports"
          icon="sport"
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** GET sportsbook/site answers `book` (the visitor's sportsbook). */
function visitorBook(book: { betsyUrl: string; betsyCid: string }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    expect(String(input)).toContain('sportsbook/site');
    return new Response(JSON.stringify({ success: true, message: null, data: book }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

const player = {
  token: 'session',
  username: 'deniz',
  betsyUrl: 'https://sports.example/book',
  betsyToken: 'tok 1',
  betsyCid: 'c42',
  betcoUrl: '',
  betcoToken: '',
};

describe('SportsPage', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no call expected'));
  });
  afterEach(() => {
    resetSession();
    vi.restoreAllMocks();
  });

  it('logged out, no sportsbook for visitors: the title and the not-available card', async () => {
    visitorBook({ betsyUrl: '', betsyCid: '' });
    renderPage({ titleKey: 'menu.sportsFcg', highRate: true, badgeKey: 'menu.badge.highRate' });
    await screen.findByTestId('sports-unavailable');
    expect(screen.getByRole('heading', { level: 1, name: 'Spor Yüksek Oran' })).toBeInTheDocument();
    expect(screen.getByText('Yüksek Oran')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Spor bahisleri şu anda kullanılamıyor' });
    expect(card).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Casino'ya dön" })).toHaveAttribute(
      'href',
      CASINO_PATH,
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("logged out: the visitors' sportsbook without a token, and its login request opens the login form", async () => {
    visitorBook({ betsyUrl: '/sportsbook/', betsyCid: 'kasa' });
    const onLoginNeeded = vi.fn();
    const onBalanceChanged = vi.fn();
    renderPage({ onLoginNeeded, onBalanceChanged });
    const frame = (await screen.findByTitle('Spor bahis ekranı')) as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe(`${window.location.origin}/sportsbook/`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      cid: 'kasa',
      mode: 'prematch',
      lang: 'tr',
    });

    // Another window's message is ignored; the frame's is heard.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'kasa:login' } }));
    });
    expect(onLoginNeeded).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'kasa:login' },
          source: frame.contentWindow,
        }),
      );
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'kasa:balance' },
          source: frame.contentWindow,
        }),
      );
    });
    expect(onLoginNeeded).toHaveBeenCalledTimes(1);
    expect(onBalanceChanged).toHaveBeenCalledTimes(1);
  });

  it('logged in with an empty betsyUrl (what the server sends today): not available', () => {
    setAuthData({ ...player, betsyUrl: '' });
    renderPage();
    expect(screen.getByTestId('sports-unavailable')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('with a sportsbook configured: its frame, named, with the player parameters', () => {
    setAuthData(player);
    renderPage({ mode: 'live', highRate: true, titleKey: 'menu.liveBettingsFcg' });
    const frame = screen.getByTitle('Canlı Bahis Yüksek Oran bahis ekranı');
    expect(frame.tagName).toBe('IFRAME');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('https://sports.example/book');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      token: 'tok 1',
      cid: 'c42',
      mode: 'live',
      highRate: '1',
      lang: 'tr',
    });
    // The page keeps its title for assistive technology.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Canlı Bahis Yüksek Oran' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sports-unavailable')).toBeNull();
  });

  it('betco embeds betcoUrl with betcoToken', () => {
    setAuthData({ ...player, betcoUrl: 'https://betco.example/app', betcoToken: 'bt' });
    renderPage({ provider: 'betco', mode: undefined, titleKey: 'menu.sportsBetco' });
    expect(screen.getByTitle('Spor Betco bahis ekranı')).toHaveAttribute(
      'src',
      'https://betco.example/app?token=bt&lang=tr',
    );
  });
});
