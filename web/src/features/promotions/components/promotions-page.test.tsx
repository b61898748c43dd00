import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { promotionsQueryOptions, type Promotion } from '../api/get-promotions';
import { PromotionsPage, type PromotionsPageProps } from './promotions-page';

const welcome: Promotion = {
  id: 1,
  slug: 'welcome',
  title: 'Hoş Geldin Bonusu',
  images: ['/media/promotions/welcome-card.svg', '/media/promotions/welcome-dialog.svg'],
  description:
    '<p>İlk yatırımınıza <strong>100 ₺</strong> bonus.</p><img src="x" onerror="window.hacked=1"><a href="javascript:alert(1)">tıkla</a>',
  terms: '<ul><li>Çevrim 20 kat</li></ul>',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2028-01-01T00:00:00Z',
  bonus: { amount: 100, wagering: 20, maxBet: 50, days: 7, sportsWageringPercent: 100 },
};
const news: Promotion = {
  id: 2,
  slug: 'news',
  title: 'Haftalık Turnuva',
  images: ['/media/promotions/news-card.svg'],
  description: '<p>Her hafta ödüller.</p>',
  terms: '',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  bonus: null,
};

function renderPage(
  list: Promotion[],
  props: Partial<PromotionsPageProps> = {},
  url = '/promotions',
) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  client.setQueryData(promotionsQueryOptions().queryKey, list);
  const onClaim = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <PromotionsPage
          onClaim={onClaim}
          claimingSlug={null}
          claimableSlugs={new Set()}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClaim };
}

afterEach(() => resetSession());

describe('/promotions', () => {
  it('lists each promotion as a card: first image, title, days, the bonus rule when claimable', () => {
    renderPage([welcome, news], { claimableSlugs: new Set(['welcome']) });
    expect(screen.getByRole('heading', { level: 1, name: 'Promosyonlar' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('promotion');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { level: 2, name: 'Hoş Geldin Bonusu' })).toBeInTheDocument();
    expect(cards[0].querySelector('img')).toHaveAttribute(
      'src',
      '/media/promotions/welcome-card.svg',
    );
    expect(first.getByText('01.01.2026 – 31.12.2027')).toBeInTheDocument();
    expect(first.getByText('Alınabilir')).toBeInTheDocument();
    expect(first.getByText('100,00 ₺')).toBeInTheDocument();
    expect(first.getByText('20x')).toBeInTheDocument();
    expect(first.getByText('7 gün')).toBeInTheDocument();
    const second = within(cards[1]);
    expect(second.getByText('01.01.2026 itibarıyla · Süresiz')).toBeInTheDocument();
    expect(cards[1].querySelector('dl')).toBeNull();
  });

  it('a card opens the Promotion dialog: second image, title, sanitised description, terms collapsed', async () => {
    const user = userEvent.setup();
    const { onClaim } = renderPage([welcome, news]);
    await user.click(screen.getByRole('button', { name: 'Hoş Geldin Bonusu' }));
    const dialog = screen.getByRole('dialog', { name: 'Hoş Geldin Bonusu' });
    expect(dialog.querySelector('img')).toHaveAttribute(
      'src',
      '/media/promotions/welcome-dialog.svg',
    );
    const description = within(dialog).getByTestId('promotion-description');
    expect(description).toHaveTextContent('İlk yatırımınıza 100 ₺ bonus.');
    expect(description.innerHTML).not.toMatch(/onerror|javascript:/);
    const terms = dialog.querySelector('details');
    expect(terms).not.toBeNull();
    expect(terms).not.toHaveAttribute('open');
    expect(within(dialog).getByText('Kurallar ve şartlar')).toBeInTheDocument();
    // Logged out the button asks for a login first; the route decides what it does.
    await user.click(within(dialog).getByRole('button', { name: 'Almak için giriş yapın' }));
    expect(onClaim).toHaveBeenCalledWith(welcome, expect.any(Function));
  });

  it('logged in the dialog claims; a promotion without a bonus has no claim and no terms', async () => {
    setAuthData({ token: 't' });
    const user = userEvent.setup();
    renderPage([welcome, news], { claimingSlug: null });
    await user.click(screen.getByRole('button', { name: 'Haftalık Turnuva' }));
    const dialog = screen.getByRole('dialog', { name: 'Haftalık Turnuva' });
    expect(within(dialog).queryByTestId('promotion-claim')).toBeNull();
    expect(dialog.querySelector('details')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the promotion named in the address, and shows its claim as busy while it is on its way', () => {
    setAuthData({ token: 't' });
    renderPage([welcome], { claimingSlug: 'welcome' }, '/promotions?promotion=welcome');
    const dialog = screen.getByRole('dialog', { name: 'Hoş Geldin Bonusu' });
    expect(within(dialog).getByTestId('promotion-claim')).toBeDisabled();
  });

  it('says so when no promotion runs', () => {
    renderPage([]);
    expect(screen.getByTestId('promotions-empty')).toHaveTextContent('Şu anda aktif promosyon yok');
    expect(screen.queryAllByTestId('promotion')).toHaveLength(0);
  });
});
