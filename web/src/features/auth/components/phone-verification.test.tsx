import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { closeDialog, openDialog } from '../stores/dialogs';
import { markSmsSent, resetSmsSent } from '../stores/sms-sent';
import { initialRegisterFlow, type RegisterFlow } from './machines';
import { AuthDialogsContext } from './auth-dialogs-context';
import { PhoneVerificationDialog } from './phone-verification-dialog';
import { RegisterDialog } from './register-dialog';
import { RegisterPhoneStep } from './register-phone-step';
import { SmsVerifyDialog } from './sms-verify-dialog';
import { envelope } from '@/test/envelope';

const PHONE = '905321234567';
const fetchMock = vi.fn<typeof fetch>();

/** The calls made to customer/updatephone, with their bodies. */
function phoneCalls(): { step: number; phone: string; code?: string }[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).includes('customer/updatephone'))
    .map(([, init]) => JSON.parse(String(init?.body)) as { step: number; phone: string });
}

function renderWith(ui: React.ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Clicks a submit button once its form's validation has enabled it. */
async function clickWhenEnabled(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

/** The seconds of a "0:42 sonra…" countdown. */
function secondsIn(text: string | null): number {
  const [, m, sec] = /(\d+):(\d\d)/.exec(text ?? '') ?? [];
  return Number(m) * 60 + Number(sec);
}

/** The text an element's aria-describedby points at. */
function accessibleDescription(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The step indicator: each step's number (or ✓ when done) and label, and the current one. */
function steps(dialog: HTMLElement) {
  const list = within(dialog).getByRole('list', { name: 'Adımlar' });
  const items = within(list).getAllByRole('listitem');
  return {
    labels: items.map((li) => li.textContent),
    current: items.findIndex((li) => li.getAttribute('aria-current') === 'step') + 1,
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notify, 'success').mockResolvedValue('s');
  vi.spyOn(notify, 'error').mockResolvedValue('e');
  vi.spyOn(notify, 'settle').mockResolvedValue();
  setAuthData({ token: 't', username: 'deniz', phone: PHONE, smsVerified: false });
  resetSmsSent();
});
afterEach(() => {
  act(() => closeDialog());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  resetSession();
  resetSmsSent();
});

describe('phone verification from the dashboard (issue 30)', () => {
  it('"Kodum var" opens the code step for the phone shown without a new SMS; Resend is offered at once', async () => {
    const user = userEvent.setup();
    openDialog('smsVerify');
    renderWith(<SmsVerifyDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Telefon Doğrulama' });
    expect(steps(dialog)).toEqual({ labels: ['1Telefon', '2Kod'], current: 1 });

    await user.click(within(dialog).getByRole('button', { name: 'Kodum var' }));
    expect(await within(dialog).findByLabelText('SMS Kodu')).toBeInTheDocument();
    expect(within(dialog).getByText(/90 532 123 45 67/)).toBeInTheDocument();
    expect(steps(dialog).current).toBe(2);
    expect(steps(dialog).labels[1]).toBe('2Kod');
    // No code was sent from here: nothing to wait for.
    expect(within(dialog).getByRole('button', { name: 'Tekrar Gönder' })).toBeEnabled();
    expect(phoneCalls()).toEqual([]);

    // The code the player had verifies the phone; the congratulations say it, no toast besides.
    fetchMock.mockResolvedValueOnce(
      envelope(true, 'Telefonunuz doğrulandı. 50 ₺ deneme bonusu eklendi.', {
        smsVerified: true,
        phone: PHONE,
        trialBonus: 50,
      }),
    );
    await user.type(within(dialog).getByLabelText('SMS Kodu'), '123456');
    await clickWhenEnabled(user, within(dialog).getByRole('button', { name: 'Doğrula' }));
    expect(
      await within(dialog).findByText('Telefonunuz doğrulandı. 50 ₺ deneme bonusu eklendi.'),
    ).toBeInTheDocument();
    expect(phoneCalls()).toEqual([{ step: 2, phone: PHONE, code: '123456' }]);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('counts the 60 s before a resend down live, and Send Code says why it waits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openDialog('smsVerify');
    renderWith(<SmsVerifyDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Telefon Doğrulama' });

    fetchMock.mockResolvedValueOnce(
      envelope(true, 'Kod gönderildi.', { smsVerified: false, phone: PHONE }),
    );
    await clickWhenEnabled(user, within(dialog).getByRole('button', { name: 'Kod Gönder' }));
    const timer = await within(dialog).findByRole('timer');
    const first = secondsIn(timer.textContent);
    expect(first).toBeGreaterThanOrEqual(58);
    act(() => vi.advanceTimersByTime(3000));
    expect(secondsIn(timer.textContent)).toBeLessThanOrEqual(first - 3);
    expect(within(dialog).queryByRole('button', { name: 'Tekrar Gönder' })).toBeNull();

    // Back to the phone: Send Code waits for the same 60 s, saying so under it, live.
    await user.click(within(dialog).getByRole('button', { name: /Telefon Numarasını Değiştir/ }));
    const send = await within(dialog).findByRole('button', { name: 'Kod Gönder' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(/^0:5\d sonra yeni kod isteyebilirsiniz$/);
    const waited = secondsIn(accessibleDescription(send));
    act(() => vi.advanceTimersByTime(2000));
    expect(secondsIn(accessibleDescription(send))).toBeLessThanOrEqual(waited - 2);

    // Once the wait is over, Send Code is offered again.
    act(() => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(send).toBeEnabled());
    expect(steps(dialog).labels).toEqual(['1Telefon', '2Kod']);
    expect(phoneCalls()).toEqual([{ step: 1, phone: PHONE }]);
  }, 30_000);

  it('a code step reached after a send elsewhere counts from that send', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    markSmsSent(PHONE, Date.now() - 40_000);
    openDialog('phoneVerification');
    renderWith(<PhoneVerificationDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Telefon Numarası' });
    expect(steps(dialog)).toEqual({ labels: ['1Telefon', '2Kod'], current: 1 });
    expect(within(dialog).getByRole('button', { name: 'Kod Gönder' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Kodum var' }));
    expect(await within(dialog).findByRole('timer')).toHaveTextContent(/0:2[0-9]/);
    expect(steps(dialog).current).toBe(2);
    expect(phoneCalls()).toEqual([]);
  });
});

describe('the registration phone step (issue 30)', () => {
  const codeStep: RegisterFlow = {
    ...initialRegisterFlow,
    step: 2,
    phoneLocked: true,
    phone: PHONE,
    trialAmount: 50,
  };

  it('is numbered 1 phone, 2 code, and leaves the verification message to the congratulations', async () => {
    const user = userEvent.setup();
    const dispatch = vi.fn();
    const { container } = renderWith(<RegisterPhoneStep flow={codeStep} dispatch={dispatch} />);
    expect(steps(container)).toEqual({ labels: ['Telefon', '2Kod'], current: 2 });
    fetchMock.mockResolvedValueOnce(
      envelope(true, 'Telefonunuz doğrulandı. 50 ₺ deneme bonusu eklendi.', {
        smsVerified: true,
        phone: PHONE,
        trialBonus: 50,
      }),
    );
    await user.type(screen.getByLabelText('SMS Kodu'), '123456');
    await clickWhenEnabled(user, screen.getByRole('button', { name: 'Doğrula' }));
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith({ type: 'verified', credited: 50 }));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('offers "Kodum var" on the phone step', async () => {
    const user = userEvent.setup();
    const dispatch = vi.fn();
    renderWith(
      <RegisterPhoneStep flow={{ ...codeStep, step: 1, trialAmount: 0 }} dispatch={dispatch} />,
    );
    await user.click(screen.getByRole('button', { name: 'Kodum var' }));
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith({ type: 'haveCode', phone: PHONE }));
    expect(phoneCalls()).toEqual([]);
  });
});

describe('registration: one event, one message (issue 30)', () => {
  const registered = {
    token: 't2',
    username: 'deniz42',
    phone: PHONE,
    smsVerified: false,
  };

  /** Fills the fast registration's three steps and registers. */
  async function register(user: ReturnType<typeof userEvent.setup>, trial: boolean) {
    const dialog = await screen.findByRole('dialog', { name: 'Kayıt Ol' });
    const next = () =>
      clickWhenEnabled(user, within(dialog).getByRole('button', { name: 'İleri' }));
    await user.type(within(dialog).getByLabelText('Ad'), 'Deniz');
    await user.type(within(dialog).getByLabelText('Soyad'), 'Yıldız');
    await user.type(within(dialog).getByLabelText('Kullanıcı adı'), 'deniz42');
    await next();
    await user.type(await within(dialog).findByLabelText('E-posta'), 'deniz@kasa.bet');
    await user.type(within(dialog).getByLabelText('Şifre'), 'gizli123');
    await user.type(within(dialog).getByLabelText('Şifre (tekrar)'), 'gizli123');
    await next();
    await user.type(await within(dialog).findByLabelText('Telefon'), PHONE.slice(2));
    if (trial) await user.click(within(dialog).getByLabelText(/deneme bonusunu istiyorum/));
    await user.click(within(dialog).getByLabelText(/18 yaşından büyük/));
    await clickWhenEnabled(user, within(dialog).getByRole('button', { name: 'Kayıt Ol' }));
    return dialog;
  }

  function renderRegister() {
    resetSession();
    openDialog('register');
    return renderWith(
      <AuthDialogsContext
        value={{
          trialBonusAmount: 50,
          onLiveChat: () => undefined,
          onPhoneVerified: () => undefined,
        }}
      >
        <RegisterDialog />
      </AuthDialogsContext>,
    );
  }

  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('auth/register'))
        return envelope(true, 'Kaydınız tamamlandı. Hoş geldiniz!', registered);
      if (url.includes('customer/updatephone'))
        return envelope(true, 'Kod gönderildi.', { smsVerified: false, phone: PHONE });
      return envelope(false, 'yok', null, 404);
    });
  });

  it('without the trial bonus: the congratulations say it, no toast besides', async () => {
    const user = userEvent.setup();
    renderRegister();
    const dialog = await register(user, false);
    expect(await within(dialog).findByText('Tebrikler')).toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  }, 30_000);

  it('with the trial bonus: one toast for the registration, then the code step numbered 2', async () => {
    const user = userEvent.setup();
    renderRegister();
    const dialog = await register(user, true);
    expect(await within(dialog).findByLabelText('SMS Kodu')).toBeInTheDocument();
    expect(steps(dialog)).toEqual({ labels: ['Telefon', '2Kod'], current: 2 });
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith('Kaydınız tamamlandı. Hoş geldiniz!');
  }, 30_000);
});
