import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceParts } from '@/components/ui/balance-lines';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { depositBonusFor, type DepositOffer } from '../api/get-deposit-bonuses';
import { DEPOSIT, type MethodItem } from '../api/get-methods';
import { PaymentDialog } from './payment-dialog';
import { PaymentMethods } from './payment-methods';
import { envelope } from '@/test/envelope';

/** Issue 30: a deposit opts into a deposit bonus the player is offered now. */

const fetchMock = vi.fn<typeof fetch>();

const method: MethodItem = {
  id: 3,
  adapter: 'bank',
  logo: '/media/payments/havale.svg',
  title: 'Havale',
  min: 50,
  max: 10000,
  type: 1,
};

const welcome: DepositOffer = {
  slug: 'welcome',
  title: 'Hoş Geldin Bonusu',
  percent: 100,
  maxBonus: 5000,
  minDeposit: 100,
  wagering: 25,
  maxBet: 100,
  days: 30,
  terms: '<ul><li>25 kat çevrim</li></ul><img src="x" onerror="window.hacked=1">',
};
const friday: DepositOffer = {
  slug: 'friday-reload',
  title: 'Cuma Yatırım Bonusu',
  percent: 50,
  maxBonus: 2500,
  minDeposit: 200,
  wagering: 20,
  maxBet: 50,
  days: 7,
  terms: '<p>Cuma günleri.</p>',
};

const balance: BalanceParts = { balance: 0, realBalance: 0, bonusBalance: 0 };

/**
 * The form has an Amount; the offers are `offers` (`offersAfter` once a deposit was sent, when
 * given); a deposit is refused with `refusal` (a 400 naming no field) when given.
 */
function serve(offers: DepositOffer[], refusal?: string, offersAfter?: DepositOffer[]) {
  let sent = false;
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/payment/detail'))
      return envelope(true, null, [
        { key: 'Amount', objectType: 'Decimal', mask: null, option: null },
      ]);
    if (url.endsWith('/payment/depositbonuses'))
      return envelope(true, null, sent && offersAfter ? offersAfter : offers);
    if (url.includes('/payment/methods')) return envelope(true, null, [method]);
    if (url.endsWith('/payment/deposit')) {
      sent = true;
      return refusal
        ? envelope(false, refusal, null, 400)
        : envelope(true, 'IBAN: TR00 0000, açıklama: KS000001', {
            id: 1,
            amount: 300,
            reference: 'KS000001',
          });
    }
    return envelope(true, null, null);
  });
}

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));
const depositBodies = () =>
  calls('/payment/deposit').map(([, init]) => JSON.parse(String(init?.body)) as object);

function renderDialog(preferredBonus: string | null = null) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <PaymentDialog
        method={method}
        kind={DEPOSIT}
        title="Havale"
        balance={balance}
        preferredBonus={preferredBonus}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
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

describe('what a deposit bonus gives', () => {
  it('its percent of the deposit, at most its maxBonus, nothing below its minDeposit', () => {
    expect(depositBonusFor(300, welcome)).toBe(300);
    expect(depositBonusFor(6000, welcome)).toBe(5000);
    expect(depositBonusFor(99.99, welcome)).toBe(0);
    expect(depositBonusFor(100, welcome)).toBe(100);
    expect(depositBonusFor(null, welcome)).toBe(0);
    // Whole kuruş, rounded down, as the server credits it.
    expect(depositBonusFor(200.01, friday)).toBe(100);
    expect(depositBonusFor(333.33, friday)).toBe(166.66);
  });
});

describe('the deposit form offers the deposit bonuses', () => {
  it('No bonus first and chosen, then each offer with its terms in brief and in full', async () => {
    serve([welcome, friday]);
    const dialog = renderDialog();
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['', 'welcome', 'friday-reload']);
    expect(within(group).getByRole('radio', { name: 'Bonus istemiyorum' })).toBeChecked();
    const offer = within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' });
    expect(offer).not.toBeChecked();
    expect(offer).toHaveAccessibleDescription(
      '%100 · en fazla 5.000 ₺ · en az 100 ₺ yatırım · 25x çevrim',
    );
    expect(
      within(group).getByRole('radio', { name: 'Cuma Yatırım Bonusu' }),
    ).toHaveAccessibleDescription('%50 · en fazla 2.500 ₺ · en az 200 ₺ yatırım · 20x çevrim');
    // The terms, collapsed, sanitised.
    const terms = group.querySelectorAll('details');
    expect(terms).toHaveLength(2);
    expect(terms[0]).not.toHaveAttribute('open');
    expect(terms[0]).toHaveTextContent('25 kat çevrim');
    expect(terms[0].innerHTML).not.toMatch(/onerror/);
    // No bonus chosen: nothing to say about one.
    expect(within(dialog).queryByTestId('deposit-bonus-amount')).toBeNull();
  });

  it('without offers there is no choice', async () => {
    serve([]);
    const dialog = renderDialog('welcome');
    await within(dialog).findByLabelText(/Tutar/);
    await waitFor(() => expect(calls('/payment/depositbonuses')).toHaveLength(1));
    expect(within(dialog).queryByRole('group', { name: 'Bonus' })).toBeNull();
  });

  it('the bonus the page names is chosen; what it gives follows the amount, capped, with its least', async () => {
    serve([welcome, friday]);
    const user = userEvent.setup();
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' })).toBeChecked(),
    );
    const shown = within(dialog).getByTestId('deposit-bonus-amount');
    expect(shown).toHaveTextContent('Bonusunuz: 0,00 ₺');
    expect(shown).toHaveTextContent('En az 100,00 ₺ yatırım gerekir');

    const amount = within(dialog).getByLabelText(/Tutar/);
    await user.type(amount, '300');
    expect(shown).toHaveTextContent('Bonusunuz: 300,00 ₺');
    expect(shown).not.toHaveTextContent('En az');

    await user.clear(amount);
    await user.type(amount, '6000');
    expect(shown).toHaveTextContent('Bonusunuz: 5.000,00 ₺');

    await user.clear(amount);
    await user.type(amount, '99');
    expect(shown).toHaveTextContent('Bonusunuz: 0,00 ₺');
    expect(shown).toHaveTextContent('En az 100,00 ₺ yatırım gerekir');

    // Another offer: its own share and least.
    await user.click(within(group).getByRole('radio', { name: 'Cuma Yatırım Bonusu' }));
    await user.clear(amount);
    await user.type(amount, '300');
    expect(within(dialog).getByTestId('deposit-bonus-amount')).toHaveTextContent(
      'Bonusunuz: 150,00 ₺',
    );
  });

  it('a named bonus not offered now chooses nothing', async () => {
    serve([friday]);
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    expect(within(group).getByRole('radio', { name: 'Bonus istemiyorum' })).toBeChecked();
  });

  it('sends the chosen bonus with the deposit, and reads the offers again after it', async () => {
    serve([welcome]);
    const user = userEvent.setup();
    const dialog = renderDialog();
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    await user.click(within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' }));
    await user.type(within(dialog).getByLabelText(/Tutar/), '300');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    const before = calls('/payment/depositbonuses').length;
    await user.click(submit);
    await within(dialog).findByText('Para yatırma talebiniz oluşturuldu');
    expect(depositBodies()).toEqual([
      { id: 3, target: 'pay', detail: { Amount: 300 }, bonus: 'welcome' },
    ]);
    await waitFor(() => expect(calls('/payment/depositbonuses').length).toBeGreaterThan(before));
  });

  it('sends no bonus with No bonus', async () => {
    serve([welcome]);
    const user = userEvent.setup();
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' })).toBeChecked(),
    );
    await user.click(within(group).getByRole('radio', { name: 'Bonus istemiyorum' }));
    expect(within(dialog).queryByTestId('deposit-bonus-amount')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Tutar/), '300');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(depositBodies()).toHaveLength(1));
    expect(depositBodies()[0]).toEqual({ id: 3, target: 'pay', detail: { Amount: 300 } });
  });

  it("shows the server's refusal of the bonus under the choice, not as a toast", async () => {
    const refusal = 'Bu bonus için en az 100,00 ₺ yatırmanız gerekir.';
    serve([welcome], refusal);
    const user = userEvent.setup();
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    const chosen = within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' });
    await waitFor(() => expect(chosen).toBeChecked());
    await user.type(within(dialog).getByLabelText(/Tutar/), '80');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await within(group).findByRole('alert')).toHaveTextContent(refusal);
    expect(group).toHaveAccessibleDescription(refusal);
    await waitFor(() => expect(chosen).toHaveFocus());
    expect(notify.error).not.toHaveBeenCalled();
    expect(depositBodies()[0]).toMatchObject({ bonus: 'welcome', detail: { Amount: 80 } });
  });

  it('shows a refusal of a bonus taken meanwhile under the choice, whatever the amount', async () => {
    const refusal = 'Bu yatırım bonusu şu anda sizin için geçerli değil.';
    serve([welcome], refusal, []);
    const user = userEvent.setup();
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' })).toBeChecked(),
    );
    const amount = within(dialog).getByLabelText(/Tutar/);
    await user.type(amount, '300');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await within(group).findByRole('alert')).toHaveTextContent(refusal);
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("shows a deposit limit's refusal under the amount, with a bonus chosen too (issue 31)", async () => {
    const refusal = 'Bu işlem para yatırma limitinizi aşıyor. Kalan: 24 saat 200,00 ₺.';
    serve([welcome], refusal);
    const user = userEvent.setup();
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' })).toBeChecked(),
    );
    const amount = within(dialog).getByLabelText(/Tutar/);
    await user.type(amount, '300');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(amount).toHaveAccessibleDescription(refusal));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(group).not.toHaveAccessibleDescription(refusal);
    expect(notify.error).not.toHaveBeenCalled();
    expect(depositBodies()).toEqual([
      { id: 3, target: 'pay', detail: { Amount: 300 }, bonus: 'welcome' },
    ]);
  });

  it("shows a deposit limit's refusal under the amount without a bonus", async () => {
    const refusal = 'Bu işlem para yatırma limitinizi aşıyor. Kalan: 24 saat 200,00 ₺.';
    serve([welcome], refusal);
    const user = userEvent.setup();
    const dialog = renderDialog();
    await within(dialog).findByRole('group', { name: 'Bonus' });
    const amount = within(dialog).getByLabelText(/Tutar/);
    await user.type(amount, '300');
    await user.tab();
    const submit = within(dialog).getByRole('button', { name: 'Gönder' });
    await waitFor(() => expect(submit).toBeEnabled());
    const offersRead = calls('/payment/depositbonuses').length;
    await user.click(submit);
    await waitFor(() => expect(amount).toHaveAccessibleDescription(refusal));
    // No bonus was chosen: the offers are not read again to tell.
    expect(calls('/payment/depositbonuses')).toHaveLength(offersRead);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('in English', async () => {
    initI18n('en');
    await builtInTextsReady();
    serve([welcome]);
    const user = userEvent.setup();
    const dialog = renderDialog('welcome');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    expect(within(group).getByRole('radio', { name: 'No bonus' })).toBeInTheDocument();
    const offer = within(group).getByRole('radio', { name: 'Hoş Geldin Bonusu' });
    await waitFor(() => expect(offer).toBeChecked());
    expect(offer).toHaveAccessibleDescription(
      '100% · up to ₺5,000 · min. deposit ₺100 · 25x wagering',
    );
    expect(within(dialog).getByTestId('deposit-bonus-amount')).toHaveTextContent(
      'Your bonus: ₺0.00Deposit at least ₺100.00 to qualify',
    );
    await user.type(within(dialog).getByLabelText(/Amount/), '250');
    expect(within(dialog).getByTestId('deposit-bonus-amount')).toHaveTextContent(
      'Your bonus: ₺250.00',
    );
  });
});

describe('/dashboard/deposit?bonus=slug', () => {
  it('says the bonus is chosen, and the dialog of a method opens with it', async () => {
    serve([welcome, friday]);
    const user = userEvent.setup();
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    render(
      <QueryClientProvider client={client}>
        <PaymentMethods kind={DEPOSIT} balance={balance} bonus="friday-reload" />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('deposit-bonus-chosen')).toHaveTextContent(
      'Cuma Yatırım Bonusu yatırımınız için seçili.',
    );
    await user.click(await screen.findByRole('button', { name: /Havale/ }));
    const dialog = await screen.findByRole('dialog');
    const group = await within(dialog).findByRole('group', { name: 'Bonus' });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Cuma Yatırım Bonusu' })).toBeChecked(),
    );
  });
});
