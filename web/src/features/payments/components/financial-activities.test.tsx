import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import type { TransactionItem } from '../api/get-transactions';
import { FinancialActivities } from './financial-activities';
import { okEnvelope } from '@/test/envelope';

/** Issue 30: a card deposit left at its page waits for payment; it is not money on its way. */

const fetchMock = vi.fn<typeof fetch>();

const waiting: TransactionItem = {
  id: 7,
  kind: 1,
  methodId: 2,
  method: 'Kredi Kartı',
  amount: 500,
  status: 2,
  processState: 1,
  reference: 'KS000007',
  createdAt: '2026-11-27T10:00:00Z',
  decidedAt: null,
  reason: null,
  cancellable: true,
  awaitingPayment: true,
  expiresAt: '2026-11-27T10:30:00Z',
};
const bank: TransactionItem = {
  ...waiting,
  id: 8,
  methodId: 1,
  method: 'Havale',
  reference: 'KS000008',
  awaitingPayment: false,
  expiresAt: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setAuthData({ token: 't' });
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/payment/transactions'))
      return okEnvelope({ items: [waiting, bank], total: 2 });
    if (url.endsWith('/payment/resume')) return okEnvelope('http://127.0.0.1/pay/abc');
    return okEnvelope(null);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  resetSession();
});

function renderPage() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <FinancialActivities />
    </QueryClientProvider>,
  );
}

describe('Financial Activities', () => {
  it('shows a card deposit left at its page as waiting for payment, with a way back to it', async () => {
    const user = userEvent.setup();
    const page = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(page as unknown as Window);
    renderPage();
    const rows = await screen.findAllByTestId('transaction');
    const card = rows.find((r) => r.dataset.id === '7');
    const other = rows.find((r) => r.dataset.id === '8');
    if (!card || !other) throw new Error('both rows are listed');

    expect(within(card).getByText('Ödeme bekleniyor')).toBeTruthy();
    expect(within(card).getByTestId('awaiting-payment').textContent).toMatch(/kadar açık/);
    expect(within(card).queryByText(/\+/)).toBeNull();
    expect(within(other).getByText('Beklemede')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: /Ödeme sayfasına dön/ }));
    await waitFor(() => expect(page.location.href).toContain('/pay/abc'));
    expect(open).toHaveBeenCalledOnce();
    expect(page.opener).toBeNull();
    const resume = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/payment/resume'));
    expect(JSON.parse(String(resume?.[1]?.body))).toEqual({ id: 7 });
  });
});
