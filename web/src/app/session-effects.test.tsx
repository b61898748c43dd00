import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BALANCE_POLL_MS,
  balanceQueryKey,
  balanceQueryOptions,
  useBalance,
} from '@/features/account/api/get-balance';
import { useBonuses } from '@/features/bonuses/api/get-bonuses';
import { useHistory } from '@/features/casino/api/get-history';
import { dispatchHubCommand, hubStore } from '@/features/notifications/hub';
import { useTransactions } from '@/features/payments/api/get-transactions';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import {
  MONEY_ROWS_REFRESH_MS,
  MONEY_ROW_QUERY_KEYS,
  useBalancePush,
  useMoneyPush,
} from './session-effects';

const fetchMock = vi.fn<typeof fetch>();

function Balance() {
  useBalancePush();
  const { balance, realBalance, bonusBalance } = useBalance();
  return (
    <output aria-label="balance">
      {balance} {realBalance ?? '?'} {bonusBalance ?? '?'}
    </output>
  );
}

function balanceCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/user/balance')).length;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          success: true,
          message: null,
          data: { balance: 20, realBalance: 15, bonusBalance: 5 },
        }),
      ),
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

  it('shows the login balance, then the polled one with its parts, and a hub push in place', async () => {
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
    // The login gives the total only: its parts are not known yet.
    expect(output).toHaveTextContent('10 ? ?');
    await act(async () =>
      answer(
        new Response(
          JSON.stringify({
            success: true,
            message: null,
            data: { balance: 20, realBalance: 12.5, bonusBalance: 7.5 },
          }),
        ),
      ),
    );
    await waitFor(() => expect(output).toHaveTextContent('20 12.5 7.5'));
    const calls = balanceCalls();

    act(() =>
      dispatchHubCommand(
        'Balance',
        '{"balance": 123.45, "realBalance": 100, "bonusBalance": 23.45}',
      ),
    );
    expect(client.getQueryData(balanceQueryKey)).toEqual({
      balance: 123.45,
      realBalance: 100,
      bonusBalance: 23.45,
    });
    await waitFor(() => expect(output).toHaveTextContent('123.45 100 23.45'));
    expect(balanceCalls()).toBe(calls); // the push needs no call

    act(() => dispatchHubCommand('Balance', 'not json'));
    expect(output).toHaveTextContent('123.45 100 23.45');

    // A push with the total only: shown at once, and the parts are read again.
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    act(() => dispatchHubCommand('Balance', '{"balance": 30}'));
    await waitFor(() => expect(output).toHaveTextContent('30 ? ?'));
    expect(balanceCalls()).toBe(calls + 1);
    await act(async () =>
      answer(
        new Response(
          JSON.stringify({
            success: true,
            message: null,
            data: { balance: 30, realBalance: 25, bonusBalance: 5 },
          }),
        ),
      ),
    );
    await waitFor(() => expect(output).toHaveTextContent('30 25 5'));
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

/** A pushed notification of the server's `type` (section 3: Deposit 1, Withdraw 2, Bonus 4…). */
const note = (type: number) =>
  JSON.stringify({
    id: type,
    title: 'Note',
    note: 'A note',
    type,
    timeStamp: '2026-11-24T10:00:00Z',
    isRead: false,
  });

function MoneyPush() {
  useMoneyPush();
  return null;
}

describe('a Bonus notification', () => {
  const BonusPush = MoneyPush;

  it('reads the bonus queries again, other notifications do not', () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <BonusPush />
      </QueryClientProvider>,
    );
    act(() => dispatchHubCommand('Notification', note(5)));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => dispatchHubCommand('Notification', note(4)));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['bonus'] });
    client.clear();
  });
});

describe('the rows behind the money (issue 30)', () => {
  /** What the three pages show: Financial Activities, Game History and Bonuses. */
  function Pages() {
    useMoneyPush();
    const filter = { from: '', to: '' };
    const transactions = useTransactions({ kind: 0, ...filter }, 0);
    const history = useHistory(filter, 0);
    const bonuses = useBonuses();
    const loaded = [transactions, history, bonuses].every((q) => q.isSuccess && !q.isFetching);
    return <output aria-label="pages">{loaded ? 'loaded' : 'loading'}</output>;
  }

  const PATHS = ['/api/payment/transactions', '/api/casino/history', '/api/bonus/list'];

  function callsTo(path: string) {
    return fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === path).length;
  }

  beforeEach(() => {
    setAuthData({ token: 't', balance: 10 });
    fetchMock.mockImplementation(async (url) => {
      const path = new URL(String(url)).pathname;
      const data = path === '/api/bonus/list' ? [] : { items: [], total: 0 };
      return new Response(JSON.stringify({ success: true, message: null, data }));
    });
  });

  async function renderPages() {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Pages />
      </QueryClientProvider>,
    );
    const output = screen.getByRole('status', { name: 'pages' });
    await waitFor(() => expect(output).toHaveTextContent('loaded'));
    for (const path of PATHS) expect(callsTo(path)).toBe(1);
    return { client, output };
  }

  it('a Balance push reads Financial Activities, Game History and Bonuses again at once', async () => {
    const { client, output } = await renderPages();

    act(() =>
      dispatchHubCommand('Balance', '{"balance": 30, "realBalance": 30, "bonusBalance": 0}'),
    );

    await waitFor(() => {
      for (const path of PATHS) expect(callsTo(path)).toBe(2);
    });
    await waitFor(() => expect(output).toHaveTextContent('loaded'));
    client.clear();
  });

  it("a Deposit or Withdraw notification reads them again, and Claim Reward's list", async () => {
    const { client, output } = await renderPages();
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    act(() => dispatchHubCommand('Notification', note(1)));

    await waitFor(() => {
      for (const path of PATHS) expect(callsTo(path)).toBe(2);
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['bonus', 'claimable'] });
    await waitFor(() => expect(output).toHaveTextContent('loaded'));
    client.clear();
  });

  describe('without a page shown', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
      vi.useRealTimers();
      hubStore.set('disconnected');
    });

    function renderPush() {
      const client = createQueryClient();
      const invalidate = vi.spyOn(client, 'invalidateQueries');
      render(
        <QueryClientProvider client={client}>
          <MoneyPush />
        </QueryClientProvider>,
      );
      const refreshes = () =>
        invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[1] === 'transactions')
          .length;
      return { client, invalidate, refreshes };
    }

    it('invalidates only its lists; a burst of pushes refreshes them once more after 1 s', () => {
      const { client, invalidate, refreshes } = renderPush();

      act(() => dispatchHubCommand('Balance', '{"balance": 1}'));
      expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
        MONEY_ROW_QUERY_KEYS,
      );
      // An autoplay's spins: one refresh more, at the end of the interval.
      for (let i = 0; i < 10; i++) {
        act(() => dispatchHubCommand('Balance', `{"balance": ${i}}`));
        act(() => void vi.advanceTimersByTime(50));
      }
      act(() => dispatchHubCommand('Notification', note(2)));
      expect(refreshes()).toBe(1);
      act(() => void vi.advanceTimersByTime(MONEY_ROWS_REFRESH_MS - 500));
      expect(refreshes()).toBe(2);
      act(() => void vi.advanceTimersByTime(MONEY_ROWS_REFRESH_MS * 3));
      expect(refreshes()).toBe(2);
      // A quiet moment later, a push refreshes at once again.
      act(() => dispatchHubCommand('Balance', '{"balance": 2}'));
      expect(refreshes()).toBe(3);
      client.clear();
    });

    it('other notifications (jackpot, system, bonus) do not read them; a reconnect does', () => {
      const { client, refreshes } = renderPush();
      for (const type of [3, 4, 5]) act(() => dispatchHubCommand('Notification', note(type)));
      act(() => dispatchHubCommand('Notification', 'not json'));
      expect(refreshes()).toBe(0);

      act(() => hubStore.set('connected'));
      act(() => hubStore.set('reconnecting'));
      expect(refreshes()).toBe(0);
      act(() => hubStore.set('connected'));
      expect(refreshes()).toBe(1);
      client.clear();
    });
  });
});
