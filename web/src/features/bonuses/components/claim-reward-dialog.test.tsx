import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { celebrationStore, endCelebration } from '@/lib/celebrate';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import type { Claimable } from '../api/get-claimable';
import { claimDialogStore, closeClaimDialog, openClaimDialog } from '../stores/claim-dialog';
import { ClaimRewardDialog } from './claim-reward-dialog';
import { envelope } from '@/test/envelope';

const fetchMock = vi.fn<typeof fetch>();

const trial: Claimable = {
  slug: 'trial',
  title: 'Deneme Bonusu',
  amount: 50,
  wagering: 10,
  maxBet: 25,
  days: 3,
  image: null,
  needsPhone: false,
};
const welcome: Claimable = {
  slug: 'welcome',
  title: 'Hoş Geldin Bonusu',
  amount: 100,
  wagering: 20,
  maxBet: 50,
  days: 7,
  image: '/media/promotions/welcome-card.svg',
  needsPhone: false,
};

const verifyPhone = vi.fn();

function Opened() {
  return claimDialogStore.get() ? <ClaimRewardDialog onVerifyPhone={verifyPhone} /> : null;
}

function renderDialog() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  openClaimDialog();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Opened />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notify, 'info').mockResolvedValue('i');
  vi.spyOn(notify, 'error').mockResolvedValue('e');
  setAuthData({ token: 't' });
});
afterEach(() => {
  act(() => closeClaimDialog());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  resetSession();
  endCelebration();
});

describe('the Claim Reward dialog', () => {
  it('offers the trial bonus before verification as a step to verify, never a Claim the server refuses', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      envelope(true, null, [{ ...trial, needsPhone: true }, welcome]),
    );
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Ödül Al' });
    const items = await within(dialog).findAllByTestId('claimable');
    const trialItem = items.find((i) => i.dataset.slug === 'trial');
    if (!trialItem) throw new Error('the trial offer is listed');
    expect(within(trialItem).queryByRole('button', { name: /^Al/ })).toBeNull();
    expect(
      within(trialItem).getByText('Deneme bonusunuzu almak için telefon numaranızı doğrulayın.'),
    ).toBeTruthy();
    await user.click(within(trialItem).getByRole('button', { name: 'Telefonu doğrula' }));
    expect(verifyPhone).toHaveBeenCalledOnce();
    expect(claimDialogStore.get()).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lists what can be claimed with its terms; a credit closes it and is celebrated', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(envelope(true, null, [trial, welcome]));
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Ödül Al' });
    const items = await within(dialog).findAllByTestId('claimable');
    expect(items).toHaveLength(2);
    const first = within(items[0]);
    expect(first.getByText('Deneme Bonusu')).toBeInTheDocument();
    expect(first.getByText('50,00 ₺')).toBeInTheDocument();
    expect(first.getByText('10x')).toBeInTheDocument();
    expect(first.getByText('25,00 ₺')).toBeInTheDocument();
    expect(first.getByText('3 gün')).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(
      envelope(true, '100,00 ₺ bonus eklendi', {
        claimed: true,
        bonus: null,
        balance: 100,
      }),
    );
    fetchMock.mockResolvedValue(envelope(true, null, [trial]));
    await user.click(within(items[1]).getByRole('button', { name: 'Al: Hoş Geldin Bonusu' }));
    await waitFor(() => expect(claimDialogStore.get()).toBe(false));
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ slug: 'welcome' });
    expect(celebrationStore.get()).toEqual({ message: '100,00 ₺ bonus eklendi' });
  });

  it('an already claimed reward is an info toast and the dialog stays open', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(envelope(true, null, [welcome]));
    renderDialog();
    const item = await screen.findByTestId('claimable');
    fetchMock.mockResolvedValueOnce(
      envelope(true, 'Bu ödülü zaten aldınız', { claimed: false, bonus: null, balance: 50 }),
    );
    fetchMock.mockResolvedValueOnce(envelope(true, null, []));
    await user.click(within(item).getByRole('button', { name: /^Al/ }));
    await waitFor(() =>
      expect(notify.info).toHaveBeenCalledWith('Bu ödülü zaten aldınız', expect.anything()),
    );
    expect(notify.error).not.toHaveBeenCalled();
    expect(claimDialogStore.get()).toBe(true);
    // The list is read again: nothing is left.
    expect(await screen.findByTestId('claim-empty')).toBeInTheDocument();
  });

  it('with nothing to claim it says so and links to the promotions', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(envelope(true, null, []));
    renderDialog();
    const empty = await screen.findByTestId('claim-empty');
    expect(empty).toHaveTextContent('Şu anda alınacak ödül yok');
    const link = within(empty).getByRole('link', { name: 'Promosyonlara göz at' });
    expect(link).toHaveAttribute('href', '/promotions');
    await user.click(link);
    expect(claimDialogStore.get()).toBe(false);
  });
});
