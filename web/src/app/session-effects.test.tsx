import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BALANCE_POLL_MS,
  balanceQueryKey,
  balanceQueryOptions,
  useBalance,
} from '@/features/account/api/get-balance';
import { dispatchHubCommand } from '@/features/notifications/hub';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { useBalancePush, useBonusPush } from './session-effects';

const fetchMock = vi.fn<typeof fetch>();

function Balance() {
  useBalancePush();
  return <output aria-label="balance">{useBalance()}</output>;
}

function balanceCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/user/balance')).length;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ success: true, message: null, data: { balance: 20 } })),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

describe('the balance', () => {
  it('is polled every 3000 ms while logged in, also in the background, silently', () => {
    const options = balanceQueryOptions(true);
    expect(BALANCE_POLL_MS).toBe(3000);
    expect(options.refetchInterval).toBe(3000);
    expect(options.refetchIntervalInBackground).toBe(true);
    expect(options.meta?.errorToast).toBeUndefined(); // queries are silent by default
    expect(balanceQueryOptions(false).enabled).toBe(false);
  });

  it('shows the login balance, then the polled one, and a hub push in place', async () => {
    setAuthData({ token: 't', balance: 10 });
    const client = createQueryClient();
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    render(
      <QueryClientProvider client={client}>
        <Balance />
      </QueryClientProvider>,
    );
    const output = screen.getByRole('status', { name: 'balance' });
    expect(output).toHaveTextContent('10');
    await act(async () =>
      answer(new Response(JSON.stringify({ success: true, message: null, data: { balance: 20 } }))),
    );
    await waitFor(() => expect(output).toHaveTextContent('20'));
    const calls = balanceCalls();

    act(() =>
      dispatchHubCommand(
        'Balance',
        '{"balance": 123.45, "realBalance": 100, "bonusBalance": 23.45}',
      ),
    );
    expect(client.getQueryData(balanceQueryKey)).toBe(123.45);
    await waitFor(() => expect(output).toHaveTextContent('123.45'));
    expect(balanceCalls()).toBe(calls); // the push needs no call

    act(() => dispatchHubCommand('Balance', 'not json'));
    expect(output).toHaveTextContent('123.45');
    client.clear();
  });

  it('is 0 and not fetched while logged out', () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Balance />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status', { name: 'balance' })).toHaveTextContent('0');
    expect(balanceCalls()).toBe(0);
    client.clear();
  });
});

describe('a Bonus notification', () => {
  function BonusPush() {
    useBonusPush();
    return null;
  }

  it('reads the bonus queries again, other notifications do not', () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <BonusPush />
      </QueryClientProvider>,
    );
    const note = (type: number) =>
      JSON.stringify({
        id: type,
        title: 'Bonus',
        note: 'A bonus',
        type,
        timeStamp: '2026-11-24T10:00:00Z',
        isRead: false,
      });
    act(() => dispatchHubCommand('Notification', note(5)));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => dispatchHubCommand('Notification', note(4)));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['bonus'] });
    client.clear();
  });
});
