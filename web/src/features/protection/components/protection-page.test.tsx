import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { envelope } from '@/test/envelope';
import type { Protection } from '../api/get-protection';
import { ProtectionPage } from './protection-page';

/** Issue 31: the Player protection page. */

const fetchMock = vi.fn<typeof fetch>();

/** 12.05.2025 14:30 and 19.05.2025 14:30 in Turkey. */
const FROM = Date.UTC(2025, 4, 12, 11, 30);
const UNTIL = Date.UTC(2025, 4, 19, 11, 30);

const settings: Protection = {
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      value: 100,
      pending: { value: 1000, from: FROM, until: UNTIL, canConfirm: false },
    },
    { kind: 'reality', period: 'session', value: 30, pending: null },
    // A removal waiting for its confirmation.
    {
      kind: 'session',
      period: 'session',
      value: 120,
      pending: { value: null, from: FROM, until: UNTIL, canConfirm: false },
    },
  ],
  left: [
    {
      kind: 'deposit',
      lowest: 60,
      periods: [{ period: 'day', limit: 100, used: 40, left: 60 }],
    },
  ],
};

function renderPage() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProtectionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2025, 4, 11, 12, 0));
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => envelope(true, 'Ayarınız hemen geçerli.', settings));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProtectionPage', () => {
  it('shows a limit with what is used and left, and a raise waiting in Turkey time', async () => {
    renderPage();
    const deposits = await screen.findByRole('region', { name: 'Para yatırma limitleri' });
    const day = within(deposits).getByRole('group', { name: '24 saat' });
    expect(within(day).getByTestId('limit-value')).toHaveTextContent('100,00 ₺');
    expect(day).toHaveTextContent('Kullanılan 40,00 ₺ · Kalan 60,00 ₺');
    const note = within(day).getByTestId('pending-note');
    expect(note).toHaveTextContent(
      'Bekleyen değişiklik: 1.000,00 ₺. 12.05.2025 14:30 sonrasında geçerli olur; 19.05.2025 14:30 tarihine kadar onaylayın.',
    );
    expect(within(note).getByRole('button', { name: 'Onayla' })).toBeDisabled();
    const week = within(deposits).getByRole('group', { name: '7 gün' });
    expect(within(week).getByTestId('limit-value')).toHaveTextContent('Limit yok');
    expect(within(week).queryByRole('button', { name: 'Kaldır' })).toBeNull();
  });

  it('sends a new limit typed in Turkish, and names the rule an amount breaks', async () => {
    const user = userEvent.setup();
    renderPage();
    const deposits = await screen.findByRole('region', { name: 'Para yatırma limitleri' });
    const week = within(deposits).getByRole('group', { name: '7 gün' });
    const input = within(week).getByLabelText('Yeni limit (₺)');
    await user.type(input, '0,50');
    await user.click(within(week).getByRole('button', { name: 'Kaydet' }));
    expect(await within(week).findByText('En az 1,00 ₺')).toBeInTheDocument();
    expect(posts('/protection/limits')).toEqual([]);

    await user.clear(input);
    await user.type(input, '1.500');
    await user.click(within(week).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(posts('/protection/limits')).toEqual([
        { kind: 'deposit', period: 'week', value: 1500 },
      ]),
    );
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('asks to remove a set limit with Remove (a value of null)', async () => {
    const user = userEvent.setup();
    renderPage();
    const deposits = await screen.findByRole('region', { name: 'Para yatırma limitleri' });
    const day = within(deposits).getByRole('group', { name: '24 saat' });
    await user.click(within(day).getByRole('button', { name: 'Kaldır' }));
    await waitFor(() =>
      expect(posts('/protection/limits')).toEqual([
        { kind: 'deposit', period: 'day', value: null },
      ]),
    );
  });

  it('offers no Remove while a removal waits, and saves a session limit in minutes', async () => {
    const user = userEvent.setup();
    renderPage();
    const session = await screen.findByRole('region', { name: 'Oturum süresi limiti' });
    expect(within(session).getByTestId('limit-value')).toHaveTextContent('120 dakika');
    expect(within(session).getByTestId('pending-note')).toHaveTextContent(
      'Bekleyen değişiklik: limitin kaldırılması.',
    );
    expect(within(session).queryByRole('button', { name: 'Kaldır' })).toBeNull();
    await user.type(within(session).getByLabelText('Yeni limit (dakika)'), '90');
    await user.click(within(session).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(posts('/protection/limits')).toEqual([
        { kind: 'session', period: 'session', value: 90 },
      ]),
    );
  });

  it('asks for the box to be ticked before a break, and offers no way back', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('region', { name: 'Mola verin' });
    await user.click(within(card).getByRole('radio', { name: '7 gün' }));
    await user.click(within(card).getByRole('button', { name: 'Mola ver' }));
    const dialog = screen.getByRole('dialog', { name: '7 gün mola verilsin mi?' });
    const start = within(dialog).getByRole('button', { name: 'Molayı başlat' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Önce kutuyu işaretleyin');
    await user.click(within(dialog).getByLabelText('Bunun erken kaldırılamayacağını anlıyorum'));
    await waitFor(() => expect(start).toBeEnabled());
    expect(screen.queryByRole('button', { name: /geri al|iptal et/i })).toBeNull();
  });

  it('shows the reality check chosen', async () => {
    renderPage();
    const reality = await screen.findByRole('region', { name: 'Gerçeklik kontrolü' });
    expect(within(reality).getByTestId('limit-value')).toHaveTextContent('Her 30 dakikada');
    expect(within(reality).getByRole('radio', { name: 'Her 30 dakikada' })).toBeChecked();
  });
});
