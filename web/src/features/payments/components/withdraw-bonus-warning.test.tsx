import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { WITHDRAW, type MethodItem } from '../api/get-methods';
import { PaymentDialog } from './payment-dialog';
import { envelope } from '@/test/envelope';

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

const activeBonus = {
  id: 3,
  title: 'Hoş Geldin Bonusu',
  source: 'promotion',
  promotion: 'welcome',
  amount: 100,
  balance: 80,
  wagerRequired: 2000,
  wagered: 300,
  progress: 15,
  maxBet: 50,
  state: 'active',
  createdAt: '2026-05-01T10:00:00Z',
  expiresAt: '2026-05-08T10:00:00Z',
  endedAt: null,
};

/** The server: the form has an Amount; bonus/list answers `bonuses`; withdraw is recorded. */
function serve(bonuses: unknown[] | 'fail') {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/payment/detail'))
      return envelope(true, null, [
        { key: 'Amount', objectType: 'Decimal', mask: null, option: null },
      ]);
    if (url.endsWith('/bonus/list'))
      return bonuses === 'fail'
        ? envelope(false, 'Hata', null, 500)
        : envelope(true, null, bonuses);
    if (url.endsWith('/payment/withdraw'))
      return envelope(true, 'Çekim talebiniz alındı', {
        id: 9,
        amount: 200,
        reference: 'KS000009',
      });
    return envelope(true, null, null);
  });
}

const withdrawCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/payment/withdraw'));

async function fillAmount(label = /Tutar/) {
  const user = userEvent.setup();
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <PaymentDialog
        method={method}
        kind={WITHDRAW}
        title="Havale ile çek"
        balance={{ balance: 300, realBalance: 250, bonusBalance: 50 }}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
  const amount = await screen.findByLabelText(label);
  await user.type(amount, '200');
  await user.tab();
  return user;
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

describe('a withdrawal while a bonus is active', () => {
  it('says what happens to the bonus first; Cancel goes back to the form, nothing sent', async () => {
    serve([activeBonus, { ...activeBonus, id: 2, state: 'completed' }]);
    const user = await fillAmount();
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    const warning = await screen.findByRole('alertdialog', {
      name: 'Aktif bonusunuz iptal edilecek',
    });
    expect(warning).toHaveTextContent(
      'Aktif bir bonusunuz var: Hoş Geldin Bonusu, kalan bonus tutarı 80,00 ₺. Şimdi çekim yaparsanız bonus iptal edilir',
    );
    expect(within(warning).getByRole('button', { name: 'Vazgeç' })).toHaveFocus();
    expect(withdrawCalls()).toHaveLength(0);

    await user.click(within(warning).getByRole('button', { name: 'Vazgeç' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText(/Tutar/)).toHaveValue('200');
    expect(withdrawCalls()).toHaveLength(0);
  });

  it('names two active bonuses in the plural, in Turkish and in English', async () => {
    const two = [activeBonus, { ...activeBonus, id: 4, title: 'Deneme Bonusu', balance: 50 }];
    serve(two);
    let user = await fillAmount();
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    let warning = await screen.findByRole('alertdialog', {
      name: 'Aktif bonuslarınız iptal edilecek',
    });
    expect(warning).toHaveTextContent('2 aktif bonusunuz var; kalan bonus tutarı 130,00 ₺.');
    cleanup();

    initI18n('en');
    await builtInTextsReady();
    serve(two);
    user = await fillAmount(/Amount/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    warning = await screen.findByRole('alertdialog', {
      name: 'Your active bonuses will be forfeited',
    });
    expect(warning).toHaveTextContent(
      'You have 2 active bonuses with ₺130.00 of bonus money left.',
    );
  });

  it('Continue sends the withdrawal', async () => {
    serve([activeBonus]);
    const user = await fillAmount();
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    const warning = await screen.findByRole('alertdialog');
    await user.click(within(warning).getByRole('button', { name: 'Devam et' }));
    await waitFor(() => expect(withdrawCalls()).toHaveLength(1));
    expect(JSON.parse(String(withdrawCalls()[0][1]?.body))).toEqual({
      id: 5,
      target: 'pay',
      detail: { Amount: 200 },
    });
    expect(await screen.findByText('Para çekme talebiniz alındı')).toBeInTheDocument();
  });

  it('without an active bonus the withdrawal goes at once', async () => {
    serve([{ ...activeBonus, state: 'expired' }]);
    const user = await fillAmount();
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(withdrawCalls()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('when the bonuses cannot be read it warns in general before sending', async () => {
    serve('fail');
    const user = await fillAmount();
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    const warning = await screen.findByRole('alertdialog');
    expect(warning).toHaveTextContent('Aktif bir bonusunuz varsa');
    expect(withdrawCalls()).toHaveLength(0);
  });
});
