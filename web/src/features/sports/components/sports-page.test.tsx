import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSession, setAuthData } from '@/lib/session-store';
import { CASINO_PATH, SportsPage } from './sports-page';

function renderPage(props: Partial<Parameters<typeof SportsPage>[0]> = {}) {
  return render(
    <MemoryRouter>
      <SportsPage provider="betsy" mode="prematch" titleKey="menu.sports" icon="sport" {...props} />
    </MemoryRouter>,
  );
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
  afterEach(() => resetSession());

  it('logged out: the title and the not-available card with the way to the casino', () => {
    renderPage({ titleKey: 'menu.sportsFcg', highRate: true, badgeKey: 'menu.badge.highRate' });
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
