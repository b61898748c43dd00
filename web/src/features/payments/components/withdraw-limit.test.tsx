import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceParts } from '@/components/ui/balance-lines';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { DEPOSIT, WITHDRAW, type MethodItem, type PaymentKind } from '../api/get-methods';
import { PaymentDialog } from './payment-dialog';
import { envelope } from '@/test/envelope';

/** Issue 30: the dialogs show what can be withdrawn and the bonus money; a withdrawal is held to the first. */

const fetchMock = vi.fn<typeof fetch>();

const method: MethodItem = {
  id: 5,
  adapter: 'bank',
  logo: '/media/payments/havale.svg',
  title: 'Havale',
  min: 50,
  max: 10000,
  type: 2,
};

/** 508,07 ₺ in all: 480,00 ₺ can be withdrawn, 28,07 ₺ is bonus money. */
const split: BalanceParts = { balance: 508.07, realBalance: 480, bonusBalance: 28.07 };

/** The form has an Amount; no active bonus; a withdrawal is refused with `refusal` when given. */
function serve(refusal?: string) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/payment/detail'))
      return envelope(true, null, [
        { key: 'Amount', objectType: 'Decimal', mask: null, option: null },
      ]);
    if (url.endsWith('/bonus/list')) return envelope(true, null, []);
    if (url.endsWith('/payment/withdraw'))
      return refusal
        ? envelope(false, refusal, null, 400)
        : envelope(true, 'Çekim talebiniz alındı', { id: 9, amount: 480, reference: 'KS000009' });
    return envelope(true, null, null);
  });
}

const withdrawCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/payment/withdraw'));

function renderDialog(kind: PaymentKind, balance: BalanceParts = split) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <PaymentDialog
        method={method}
        kind={kind}
        title="Havale"
        balance={balance}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

/** The labelled line of a BalanceLines list: its label's `dd`. */
function line(root: HTMLElement, label: string): string {
  const term = within(root).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
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
  initI18n('tr');
});

describe('the payment dialogs show the balance in two parts', () => {
  it('deposit: Çekilebilir and Bonus, in Turkish', async () => {
    serve();
    const deposit = renderDialog(DEPOSIT);
    expect(line(deposit, 'Çekilebilir')).toBe('480,00 ₺');
    expect(line(deposit, 'Bonus')).toBe('28,07 ₺');
    // A deposit's amount is not held to the withdrawable money.
    expect(await within(deposit).findByText('En az 50,00 ₺ · En çok 10.000,00 ₺')).toBeVisible();
  });

  it('withdraw, in English: Withdrawable and Bonus', async () => {
    initI18n('en');
    await builtInTextsReady();
    serve();
    const dialog = renderDialog(WITHDRAW);
    expect(line(dialog, 'Withdrawable')).toBe('₺480.00');
    expect(line(dialog, 'Bonus')).toBe('₺28.07');
    expect(
      await within(dialog).findByText('Withdrawable: ₺480.00 · Min ₺50.00 · Max ₺10,000.00'),
    ).toBeVisible();
  });
});

describe('the withdraw form', () => {
  it('says what can be withdrawn and refuses more, naming it; that much is sent', async () => {
    serve();
    const user = userEvent.setup();
    const dialog = renderDialog(WITHDRAW);
    const amount = await within(dialog).findByLabelText(/Tutar/);
    expect(within(dialog).getByText(/^Çekilebilir: 480,00 ₺/)).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });

    await user.type(amount, '480,01');
    await user.tab();
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('En fazla 480,00 ₺ çekebilirsiniz');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    expect(withdrawCalls()).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '480');
    await user.tab();
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(withdrawCalls()).toHaveLength(1));
    expect(JSON.parse(String(withdrawCalls()[0][1]?.body))).toMatchObject({
      detail: { Amount: 480 },
    });
  });

  it('refuses in English too', async () => {
    initI18n('en');
    await builtInTextsReady();
    serve();
    const user = userEvent.setup();
    const dialog = renderDialog(WITHDRAW);
    const amount = await within(dialog).findByLabelText(/Amount/);
    await user.type(amount, '500');
    await user.tab();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can withdraw at most ₺480.00',
    );
  });

  it('while the parts are unknown the server decides, and its refusal is shown', async () => {
    const refusal = 'En fazla 480,00 ₺ çekebilirsiniz: bonus bakiye çekilemez.';
    serve(refusal);
    const user = userEvent.setup();
    const dialog = renderDialog(WITHDRAW, {
      balance: 508.07,
      realBalance: null,
      bonusBalance: null,
    });
    expect(line(dialog, 'Çekilebilir')).toBe('—');
    const amount = await within(dialog).findByLabelText(/Tutar/);
    await user.type(amount, '500');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(withdrawCalls()).toHaveLength(1));
    // The server's refusal names no field: it is the amount's, under it (no toast).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(notify.error).not.toHaveBeenCalled();
  });
});
