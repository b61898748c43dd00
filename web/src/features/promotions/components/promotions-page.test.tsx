import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
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
/** A deposit bonus: 100% of the first deposit, at most 5.000 ₺, from a 100 ₺ deposit. */
const welcomeDeposit: Promotion = {
  ...welcome,
  id: 3,
  slug: 'welcome',
  bonus: {
    amount: 5000,
    wagering: 25,
    maxBet: 100,
    days: 30,
    sportsWageringPercent: 0,
    deposit: { percent: 100, minDeposit: 100, firstDeposit: true, weekday: null },
  },
};
/** A weekday's deposit bonus: 50% on Fridays, at most 2.500 ₺, from a 200 ₺ deposit. */
const friday: Promotion = {
  ...welcome,
  id: 4,
  slug: 'friday-reload',
  title: 'Cuma Yatırım Bonusu',
  bonus: {
    amount: 2500,
    wagering: 20,
    maxBet: 50,
    days: 7,
    sportsWageringPercent: 0,
    deposit: { percent: 50, minDeposit: 200, firstDeposit: false, weekday: 5 },
  },
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
  const onDeposit = vi.fn();
  const page = (
    <PromotionsPage
      onClaim={onClaim}
      onDeposit={onDeposit}
      claimingSlug={null}
      claimableSlugs={new Set()}
      {...props}
    />
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/promotions/:slug?" element={page} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClaim, onDeposit };
}

/** The address shown, for the tests to read. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  resetSession();
  initI18n('tr');
});

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
    // The promotion's own address.
    expect(where()).toBe('/promotions/welcome');
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
    expect(where()).toBe('/promotions');
  });

  it('/promotions/:slug opens that promotion; closing it goes back to /promotions', async () => {
    const user = userEvent.setup();
    renderPage([welcome, news], {}, '/promotions/news');
    const dialog = screen.getByRole('dialog', { name: 'Haftalık Turnuva' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(where()).toBe('/promotions');
    expect(screen.getAllByTestId('promotion')).toHaveLength(2);
  });

  it('an unknown slug shows the page alone', () => {
    renderPage([welcome, news], {}, '/promotions/nope');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByTestId('promotion')).toHaveLength(2);
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

  it('a deposit bonus states its terms in words on its card: share, most, least deposit, when', () => {
    renderPage([welcomeDeposit, friday]);
    const [first, second] = screen.getAllByTestId('promotion');
    expect(within(first).getByTestId('promotion-deposit-terms')).toHaveTextContent(
      "%100, 5.000 ₺'ye kadar · En az yatırım 100 ₺ · İlk yatırıma",
    );
    expect(within(first).getByText('Yatırım bonusu')).toBeInTheDocument();
    // Its share, not the most it gives, is the bonus.
    expect(within(first).getByText('%100')).toBeInTheDocument();
    expect(within(first).queryByText('5.000,00 ₺')).toBeNull();
    expect(within(first).getByText('25x')).toBeInTheDocument();
    expect(within(second).getByTestId('promotion-deposit-terms')).toHaveTextContent(
      "%50, 2.500 ₺'ye kadar · En az yatırım 200 ₺ · Cuma günleri",
    );
  });

  it('in English too: 100% up to ₺5,000 · Minimum deposit ₺100, Fridays', async () => {
    initI18n('en');
    await builtInTextsReady();
    renderPage([welcomeDeposit, friday]);
    const [first, second] = screen.getAllByTestId('promotion');
    expect(within(first).getByTestId('promotion-deposit-terms')).toHaveTextContent(
      '100% up to ₺5,000 · Minimum deposit ₺100 · On your first deposit',
    );
    expect(within(second).getByTestId('promotion-deposit-terms')).toHaveTextContent(
      '50% up to ₺2,500 · Minimum deposit ₺200 · Fridays',
    );
  });

  it("a deposit bonus's dialog has Deposit, never Claim; Deposit is the app's to carry out", async () => {
    setAuthData({ token: 't' });
    const user = userEvent.setup();
    const { onClaim, onDeposit } = renderPage([welcomeDeposit], {}, '/promotions/welcome');
    const dialog = screen.getByRole('dialog', { name: 'Hoş Geldin Bonusu' });
    expect(within(dialog).getByTestId('promotion-deposit-terms')).toHaveTextContent(
      "%100, 5.000 ₺'ye kadar · En az yatırım 100 ₺ · İlk yatırıma",
    );
    expect(within(dialog).queryByTestId('promotion-claim')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Bonusu al' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yatırım yap' }));
    expect(onDeposit).toHaveBeenCalledWith(welcomeDeposit, expect.any(Function));
    expect(onClaim).not.toHaveBeenCalled();
  });
});
