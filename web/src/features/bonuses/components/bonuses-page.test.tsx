import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import type { BonusItem } from '../api/get-bonuses';
import { BonusesPage } from './bonuses-page';
import { envelope } from '@/test/envelope';

const fetchMock = vi.fn<typeof fetch>();

const bonus = (
  id: number,
  state: BonusItem['state'],
  extra: Partial<BonusItem> = {},
): BonusItem => ({
  id,
  title: `Bonus ${id}`,
  source: 'promotion',
  promotion: 'welcome',
  amount: 100,
  balance: 80,
  wagerRequired: 2000,
  wagered: 300,
  progress: 15,
  maxBet: 50,
  state,
  createdAt: '2026-05-01T10:00:00Z',
  expiresAt: '2026-05-08T10:30:00Z',
  endedAt: null,
  ...extra,
});

function renderPage() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BonusesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notify, 'success').mockResolvedValue('s');
  vi.spyOn(notify, 'error').mockResolvedValue('e');
  setAuthData({ token: 't' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  resetSession();
});

describe('the Bonuses page', () => {
  it('shows Active, Finished and Expired with counts; a card has its figures and an accessible bar', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      envelope(true, null, [
        bonus(3, 'active'),
        bonus(2, 'completed', { wagered: 2000, balance: 0, endedAt: '2026-05-03T12:00:00Z' }),
        bonus(1, 'expired', { wagered: 500, balance: 0, endedAt: '2026-04-20T09:05:00Z' }),
      ]),
    );
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Duruma göre bonuslar' });
    const active = within(tabs).getByRole('tab', { name: 'Aktif 1' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Biten 1' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Süresi dolan 1' })).toBeInTheDocument();
    expect(screen.getByTestId('bonus-money')).toHaveTextContent('80,00 ₺');

    const card = screen.getByTestId('bonus');
    expect(within(card).getByRole('heading', { level: 2, name: 'Bonus 3' })).toBeInTheDocument();
    expect(within(card).getByText('100,00 ₺')).toBeInTheDocument();
    expect(within(card).getByText('80,00 ₺')).toBeInTheDocument();
    expect(within(card).getByText('50,00 ₺')).toBeInTheDocument();
    expect(within(card).getByText(/^08\.05\.2026 \d\d:30$/)).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', { name: 'Çevrim' });
    expect(bar).toHaveAttribute('aria-valuenow', '15');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(within(card).getByText('Çevrilen: 300,00 ₺ / 2.000,00 ₺')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bonustan vazgeç' })).toBeInTheDocument();

    // The arrow keys move between tabs.
    active.focus();
    await user.keyboard('{ArrowRight}');
    const finished = within(tabs).getByRole('tab', { name: 'Biten 1' });
    expect(finished).toHaveAttribute('aria-selected', 'true');
    expect(finished).toHaveFocus();
    const done = screen.getByTestId('bonus');
    expect(done).toHaveAttribute('data-state', 'completed');
    expect(within(done).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(done).queryByRole('button', { name: 'Bonustan vazgeç' })).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: 'Süresi dolan 1' }));
    expect(screen.getByTestId('bonus')).toHaveAttribute('data-state', 'expired');
    expect(within(screen.getByTestId('bonus')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('forfeits after a confirmation that says what is lost', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(envelope(true, null, [bonus(3, 'active')]));
    const client = renderPage();
    client.setQueryData(['user', 'balance'], 180);
    const card = await screen.findByTestId('bonus');
    await user.click(within(card).getByRole('button', { name: 'Bonustan vazgeç' }));
    const confirm = within(card).getByRole('group', {
      name: 'Bu bonustan vazgeçmek istiyor musunuz?',
    });
    expect(confirm).toHaveTextContent('Kalan bonus tutarı (80,00 ₺) hesabınızdan silinir');
    // Keep: nothing is sent, the button comes back with the focus.
    await user.click(within(confirm).getByRole('button', { name: 'Bonusu koru' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(card).getByRole('button', { name: 'Bonustan vazgeç' })).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: 'Bonustan vazgeç' }));
    fetchMock.mockResolvedValueOnce(envelope(true, 'Bonus iptal edildi', { balance: 100 }));
    fetchMock.mockResolvedValueOnce(
      envelope(true, null, [
        bonus(3, 'forfeited', { balance: 0, endedAt: '2026-05-02T10:00:00Z' }),
      ]),
    );
    await user.click(within(card).getByRole('button', { name: 'Evet, vazgeç' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Bonus iptal edildi', expect.anything()),
    );
    const [url, init] = fetchMock.mock.calls[1];
    expect(String(url)).toMatch(/\/api\/bonus\/forfeit$/);
    expect(JSON.parse(String(init?.body))).toEqual({ id: 3 });
    expect(client.getQueryData(['user', 'balance'])).toMatchObject({ balance: 100 });
    // The list is read again: the bonus is now under Finished.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Biten 1' })).toBeInTheDocument());
  });

  it('says so when a tab is empty, pointing to the promotions from Active', async () => {
    fetchMock.mockResolvedValueOnce(envelope(true, null, []));
    renderPage();
    const empty = await screen.findByTestId('bonuses-empty');
    expect(empty).toHaveTextContent('Aktif bonusunuz yok');
    expect(within(empty).getByRole('link', { name: 'Promosyonlara göz at' })).toHaveAttribute(
      'href',
      '/promotions',
    );
  });

  it('a failed load offers Retry', async () => {
    fetchMock.mockResolvedValueOnce(envelope(false, 'Hata', null, 500));
    renderPage();
    expect(await screen.findByText('Bonuslarınız yüklenemedi.')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(envelope(true, null, [bonus(1, 'active')]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByTestId('bonus')).toBeInTheDocument();
  });
});
