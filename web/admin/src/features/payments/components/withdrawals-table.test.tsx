import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';
import type { Withdrawal } from '../api/get-withdrawals';

const HOUR = 3_600_000;

function withdrawal(over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 41,
    reference: 'WD-0041',
    playerId: 1001,
    username: 'ayse',
    amount: 12500.5,
    method: 'Bank transfer',
    detail: { iban: 'TR330006100519786457841326', name: 'Ayşe Yılmaz' },
    // Half a minute past 3 h: the shown age moves on every 15 seconds at most.
    createdAt: Date.now() - 3 * HOUR - 30_000,
    identity: 'approved',
    approvals: [],
    approvalsNeeded: 2,
    risk: ['Asks more than deposited in 30 days'],
    deposited30d: 10000,
    staked30d: 42000,
    won30d: 51234.56,
    ...over,
  };
}

const small = withdrawal({
  id: 42,
  reference: 'WD-0042',
  playerId: 1002,
  username: 'mehmet',
  amount: 250,
  approvalsNeeded: 1,
  identity: 'pending',
  risk: [],
  createdAt: Date.now() - HOUR,
});

const queues = () =>
  ok({
    withdrawals: { count: 2, oldestAt: Date.now() - 3 * HOUR },
    deposits: { count: 0, oldestAt: null },
    documents: { count: 0, oldestAt: null },
  });

describe('the withdrawals queue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists what a reviewer weighs', async () => {
    mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET withdrawals': () => ok([withdrawal(), small]),
    });
    renderApp('/withdrawals', { token: 'staff-token' });

    const table = await screen.findByRole('table', { name: 'Pending withdrawals' });
    const row = within(table).getByRole('link', { name: 'ayse' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'ayse' })).toHaveAttribute(
      'href',
      '/players/1001',
    );
    expect(row).toHaveTextContent('12.500,50 ₺');
    expect(row).toHaveTextContent('Bank transfer');
    expect(row).toHaveTextContent('3 h');
    expect(row).not.toHaveTextContent('3 h 1 min');
    expect(row).toHaveTextContent('Approved');
    expect(row).toHaveTextContent('0 of 2');
    // The line under the row: risk notes and the last 30 days.
    const detail = row.nextElementSibling as HTMLElement;
    expect(detail).toHaveTextContent('Asks more than deposited in 30 days');
    expect(detail).toHaveTextContent('10.000,00 ₺');
    expect(detail).toHaveTextContent('42.000,00 ₺');
    expect(detail).toHaveTextContent('51.234,56 ₺');
    // Oldest first.
    const players = within(table)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(players).toEqual(['ayse', 'mehmet']);
  });

  it('approves, shows where the request stands and reads the queue again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET withdrawals': [
        () => ok([withdrawal(), small]),
        () =>
          ok([
            withdrawal({ approvals: [{ staffId: STAFF.id, username: 'deniz', at: Date.now() }] }),
            small,
          ]),
      ],
      'POST payments/41/approve': () =>
        ok({ id: 41, status: 'pending', approvals: 1, approvalsNeeded: 2 }),
    });
    renderApp('/withdrawals', { token: 'staff-token' });

    await user.click(await screen.findByRole('button', { name: 'Approve withdrawal WD-0041' }));

    expect(
      await screen.findByText(
        'Withdrawal WD-0041: approval 1 of 2 recorded, waiting for a second approval by another staff member.',
      ),
    ).toBeInTheDocument();
    const approve = api.callsTo('POST payments/41/approve');
    expect(approve).toHaveLength(1);
    expect(approve[0].headers.Authorization).toBe('Bearer staff-token');

    // Read again: the row now shows this member's approval, and they cannot give the second.
    await waitFor(() => expect(api.callsTo('GET withdrawals')).toHaveLength(2));
    const mine = await screen.findByRole('button', { name: 'You approved WD-0041' });
    expect(mine).toBeDisabled();
    const row = mine.closest('tr')!;
    expect(row).toHaveTextContent('1 of 2');
    expect(row).toHaveTextContent('deniz');
    expect(api.callsTo('GET queues').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal of an approval", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET withdrawals': () => ok([small]),
      'POST payments/42/approve': () => refused(409, 'Request #42 is not pending any more.'),
    });
    renderApp('/withdrawals', { token: 'staff-token' });

    await user.click(await screen.findByRole('button', { name: 'Approve withdrawal WD-0042' }));

    expect(await screen.findByText('Request #42 is not pending any more.')).toBeInTheDocument();
  });

  it('rejects with a reason the player reads', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET withdrawals': [() => ok([withdrawal(), small]), () => ok([small])],
      'POST payments/41/reject': () => ok(null),
    });
    renderApp('/withdrawals', { token: 'staff-token' });

    await user.click(await screen.findByRole('button', { name: 'Reject withdrawal WD-0041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal WD-0041' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await within(dialog).findByText('Give a reason: the player reads it.')).toBeVisible();
    expect(api.callsTo('POST payments/41/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'The IBAN is not in your name.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));

    expect(await screen.findByText('Withdrawal WD-0041 rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST payments/41/reject')[0].body).toEqual({
      reason: 'The IBAN is not in your name.',
    });
  });

  it('offers no decision without payments.decide', async () => {
    mockApi({
      'GET me': () => ok({ ...STAFF, permissions: ['payments.read', 'players.read'] }),
      'GET queues': queues,
      'GET withdrawals': () => ok([withdrawal()]),
    });
    renderApp('/withdrawals', { token: 'staff-token' });

    await screen.findByRole('table', { name: 'Pending withdrawals' });
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
  });
});
