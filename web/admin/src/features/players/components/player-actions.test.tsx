import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';

const queues = () =>
  ok({
    withdrawals: { count: 0, oldestAt: null },
    deposits: { count: 0, oldestAt: null },
    documents: { count: 0, oldestAt: null },
  });

const player = () =>
  ok({
    player: { id: 1001, username: 'ayse', email: 'ayse@example.com' },
    balances: { real: 100, bonus: 0 },
    notes: [],
  });

describe('giving a player a bonus', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is offered only with players.bonus', async () => {
    mockApi({ 'GET me': () => ok(STAFF), 'GET queues': queues, 'GET players/1001': player });
    renderApp('/players/1001', { token: 'staff-token' });
    await screen.findByRole('group', { name: 'Player actions' });
    expect(screen.queryByRole('button', { name: 'Give bonus' })).not.toBeInTheDocument();
  });

  it("gives a promotion's bonus by its slug, and shows the server's 409", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok({ ...STAFF, permissions: [...STAFF.permissions, 'players.bonus'] }),
      'GET queues': queues,
      'GET players/1001': player,
      'POST players/1001/bonus': [
        () => refused(409, 'The player has had the bonus of slot-bonus already.'),
        () => ok({ id: 77 }),
      ],
    });
    renderApp('/players/1001', { token: 'staff-token' });

    await user.click(await screen.findByRole('button', { name: 'Give bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give ayse a bonus' });
    const field = within(dialog).getByLabelText('Promotion');
    await user.type(field, 'Slot Bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Give bonus' }));
    expect(
      await within(dialog).findByText('A slug: lower-case letters, digits and dashes.'),
    ).toBeVisible();
    expect(api.callsTo('POST players/1001/bonus')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'slot-bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Give bonus' }));
    expect(
      await within(dialog).findByText('The player has had the bonus of slot-bonus already.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST players/1001/bonus')[0].body).toEqual({ promotion: 'slot-bonus' });

    await user.click(within(dialog).getByRole('button', { name: 'Give bonus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('Bonus of the slot-bonus promotion given (bonus #77).'),
    ).toBeInTheDocument();
  });
});
