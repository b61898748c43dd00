import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';
import type { EventPage } from '../api/get-event';

const FINANCE = { ...STAFF, permissions: [...STAFF.permissions, 'sports.read', 'sports.manage'] };

const selection = (id: number, key: string, price: number, exposure: number, openBets = 0) => ({
  id,
  key,
  price,
  boosted: null,
  result: null,
  openBets,
  openStakes: openBets * 100,
  exposure,
});

const page: EventPage = {
  event: {
    id: 5,
    sport: 'football',
    competition: 'super-lig',
    home: 'Galatasaray',
    away: 'Fenerbahçe',
    startsAt: Date.parse('2025-03-07T17:00:00Z'),
    state: 'live',
    score: '1-0',
    openStakes: 0,
  },
  markets: [
    {
      id: 11,
      key: '1x2',
      line: null,
      state: 'active',
      held: false,
      selections: [
        selection(101, '1', 1.8, 3600, 3),
        selection(102, 'X', 3.4, 6800, 2),
        selection(103, '2', 4.5, 900, 1),
      ],
    },
    {
      id: 12,
      key: 'total_2.5',
      line: 2.5,
      state: 'suspended',
      held: true,
      selections: [selection(104, 'over', 1.9, 0), selection(105, 'under', 1.9, 0)],
    },
  ],
  bets: [
    {
      id: 900,
      playerId: 1001,
      username: 'ayse',
      stake: 100,
      potential: 180,
      payout: 0,
      state: 'open',
      placedAt: Date.parse('2025-03-07T17:05:00Z'),
    },
  ],
};

const queues = () =>
  ok({
    withdrawals: { count: 0, oldestAt: null },
    deposits: { count: 0, oldestAt: null },
    documents: { count: 0, oldestAt: null },
  });

describe('an event of the sportsbook', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the markets with the largest exposure marked, and the bets', async () => {
    mockApi({
      'GET me': () => ok({ ...STAFF, permissions: ['sports.read'] }),
      'GET queues': queues,
      'GET sports/events/5': () => ok(page),
    });
    renderApp('/sports/5', { token: 'staff-token' });

    const result = await screen.findByRole('table', { name: 'Selections of Match result' });
    // The row header names the largest exposure, the row is marked.
    const draw = within(result)
      .getByRole('rowheader', { name: 'X Largest exposure' })
      .closest('tr')!;
    expect(draw).toHaveClass('is-largest');
    expect(within(result).getByRole('rowheader', { name: '1' })).toBeInTheDocument();
    expect(draw).toHaveTextContent('6.800,00 ₺');
    expect(screen.getByText('Match result: X')).toBeInTheDocument();
    expect(screen.getByText('Held by staff')).toBeInTheDocument();
    const bets = screen.getByRole('table', { name: 'Bets on the event' });
    expect(within(bets).getByRole('link', { name: 'ayse' })).toHaveAttribute(
      'href',
      '/players/1001',
    );
    // Reading only: no action.
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /High Rate/ })).not.toBeInTheDocument();
  });

  it('suspends a market after confirming, at its own address', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok(FINANCE),
      'GET queues': queues,
      'GET sports/events/5': () => ok(page),
      'POST sports/markets/11/suspend': () => ok(null),
    });
    renderApp('/sports/5', { token: 'staff-token' });

    const actions = await screen.findByRole('group', { name: 'Actions on Match result' });
    await user.click(within(actions).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Match result?' });
    expect(api.callsTo('POST sports/markets/11/suspend')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend market' }));

    await waitFor(() => expect(api.callsTo('POST sports/markets/11/suspend')).toHaveLength(1));
    expect(api.callsTo('POST sports/markets/11/suspend')[0].headers.Authorization).toBe(
      'Bearer staff-token',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The event is read again.
    await waitFor(() => expect(api.callsTo('GET sports/events/5').length).toBeGreaterThan(1));
  });

  it("shows the server's 409 in the dialog", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET me': () => ok(FINANCE),
      'GET queues': queues,
      'GET sports/events/5': () => ok(page),
      'POST sports/markets/12/void': () => refused(409, 'a Settled market cannot Cancel'),
    });
    renderApp('/sports/5', { token: 'staff-token' });

    const actions = await screen.findByRole('group', { name: 'Actions on Total goals 2.5' });
    await user.click(within(actions).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Total goals 2.5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void market' }));

    expect(await within(dialog).findByText('a Settled market cannot Cancel')).toBeInTheDocument();
  });

  it('enters a result with the winning keys, and a High Rate price that beats the price', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok(FINANCE),
      'GET queues': queues,
      'GET sports/events/5': () => ok(page),
      'POST sports/markets/11/result': () => ok(null),
      'POST sports/selections/101/boost': () => ok(null),
    });
    renderApp('/sports/5', { token: 'staff-token' });

    const actions = await screen.findByRole('group', { name: 'Actions on Match result' });
    await user.click(within(actions).getByRole('button', { name: 'Enter result' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enter the result of Match result' });
    await user.click(within(dialog).getByRole('button', { name: 'Record the result' }));
    expect(await within(dialog).findByText('Choose at least one winning selection.')).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: /^X/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Record the result' }));
    await waitFor(() =>
      expect(api.callsTo('POST sports/markets/11/result')[0]?.body).toEqual({ winners: ['X'] }),
    );

    await user.click(screen.getByRole('button', { name: 'Set High Rate for 1 in Match result' }));
    dialog = await screen.findByRole('dialog', { name: 'High Rate for 1' });
    const price = within(dialog).getByLabelText('High Rate price');
    await user.type(price, '1.75');
    await user.click(within(dialog).getByRole('button', { name: 'Set High Rate' }));
    expect(
      await within(dialog).findByText('The High Rate price must beat the price, 1.80.'),
    ).toBeVisible();
    await user.clear(price);
    await user.type(price, '2,10');
    await user.click(within(dialog).getByRole('button', { name: 'Set High Rate' }));
    await waitFor(() =>
      expect(api.callsTo('POST sports/selections/101/boost')[0]?.body).toEqual({ price: 2.1 }),
    );
  });
});
