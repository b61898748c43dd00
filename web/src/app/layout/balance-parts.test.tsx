import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { BottomBar } from './bottom-bar';
import { Header } from './header';
import { okEnvelope } from '@/test/envelope';

/**
 * Issue 30: wherever the balance is shown to decide something, the total comes with what can be
 * withdrawn (real money) and the bonus money, each labelled, in the player's language.
 */

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/user/balance')
      return okEnvelope({ balance: 508.07, realBalance: 480, bonusBalance: 28.07 });
    if (path === '/api/payment/methods') return okEnvelope([]);
    return new Response(JSON.stringify({ success: false, message: 'x', data: null }), {
      status: 404,
    });
  });
  setAuthData({ token: 't', username: 'deniz', balance: 508.07 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  resetSession();
  initI18n('tr');
});

function renderLayout(ui: React.ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/casino/slot']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** The amount on the line labelled `label` (a `dt`) within `root`. */
function line(root: HTMLElement, label: string): string {
  const term = within(root).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const header = (
  <Header isDesktop showMenuButton={false} menuOpen={false} onMenu={() => {}} hidden={false} />
);

describe("the header's balance menu", () => {
  it('keeps the total on the button; its menu adds Çekilebilir and Bonus', async () => {
    const user = userEvent.setup();
    renderLayout(header);
    const button = screen.getByTestId('header-balance');
    // The parts arrive with the first read of the balance.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(button).toHaveTextContent('508,07 ₺');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('balance-menu')).toBeNull();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByTestId('balance-menu');
    await waitFor(() => expect(line(menu, 'Çekilebilir')).toBe('480,00 ₺'));
    expect(line(menu, 'Bakiye')).toBe('508,07 ₺');
    expect(line(menu, 'Bonus')).toBe('28,07 ₺');
    expect(within(menu).getByRole('link', { name: 'Para Çek' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw',
    );

    // Escape closes it and gives the focus back to the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('balance-menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('in English: Balance, Withdrawable and Bonus', async () => {
    initI18n('en');
    await builtInTextsReady();
    const user = userEvent.setup();
    renderLayout(header);
    await user.click(screen.getByTestId('header-balance'));
    const menu = screen.getByTestId('balance-menu');
    await waitFor(() => expect(line(menu, 'Withdrawable')).toBe('₺480.00'));
    expect(line(menu, 'Balance')).toBe('₺508.07');
    expect(line(menu, 'Bonus')).toBe('₺28.07');
    // A click outside closes it.
    await user.click(document.body);
    expect(screen.queryByTestId('balance-menu')).toBeNull();
  });
});

describe("the bottom bar's sheets", () => {
  it('the account sheet shows the total, Çekilebilir and Bonus', async () => {
    const user = userEvent.setup();
    renderLayout(<BottomBar />);
    await waitFor(() => expect(screen.getByTestId('bar-balance')).toHaveTextContent('508,07 ₺'));
    await user.click(screen.getByRole('button', { name: /^Hesabım/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Hesabım' });
    expect(sheet).toHaveTextContent('508,07 ₺');
    await waitFor(() => expect(line(sheet, 'Çekilebilir')).toBe('480,00 ₺'));
    expect(line(sheet, 'Bonus')).toBe('28,07 ₺');
  });

  it('the Deposit Money sheet from the balance shows them too, in English', async () => {
    initI18n('en');
    await builtInTextsReady();
    const user = userEvent.setup();
    renderLayout(<BottomBar />);
    await waitFor(() => expect(screen.getByTestId('bar-balance')).toHaveTextContent('₺508.07'));
    await user.click(screen.getByTestId('bar-balance'));
    const sheet = await screen.findByRole('dialog', { name: 'Deposit Money' });
    await waitFor(() => expect(line(sheet, 'Withdrawable')).toBe('₺480.00'));
    expect(line(sheet, 'Balance')).toBe('₺508.07');
    expect(line(sheet, 'Bonus')).toBe('₺28.07');
  });
});
