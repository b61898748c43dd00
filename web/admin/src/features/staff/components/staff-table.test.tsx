import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';
import type { StaffRow } from '../api/get-staff';

const ADMIN = { ...STAFF, id: 1, username: 'ada', roles: ['admin'], permissions: ['staff.manage'] };

const queues = () =>
  ok({
    withdrawals: { count: 0, oldestAt: null },
    deposits: { count: 0, oldestAt: null },
    documents: { count: 0, oldestAt: null },
  });

const member = (over: Partial<StaffRow>): StaffRow => ({
  id: 0,
  username: '',
  roles: ['finance'],
  enrolled: false,
  confirmed: true,
  createdBy: null,
  disabledAt: null,
  createdAt: 1_700_000_000_000,
  ...over,
});

describe('the staff table', () => {
  it('lets a second administrator confirm a member, never the one who created them', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const api = mockApi({
      'GET me': () => ok(ADMIN),
      'GET queues': queues,
      'GET staff': () =>
        ok([
          member({ id: 1, username: 'ada', roles: ['admin'], enrolled: true }),
          member({ id: 2, username: 'fiona', createdBy: 5, confirmed }),
          member({ id: 3, username: 'mine', createdBy: 1, confirmed: false }),
        ]),
      'POST staff/2/confirm': () => {
        confirmed = true;
        return ok(null);
      },
      'POST staff/3/confirm': () =>
        refused(409, 'Another administrator confirms a member you created.'),
    });
    renderApp('/staff', { token: 'staff-token' });

    const fiona = (await screen.findByText('fiona')).closest('tr')!;
    const mine = screen.getByText('mine').closest('tr')!;
    expect(within(fiona).getByText('Waiting for a second administrator')).toBeInTheDocument();
    expect(within(mine).getByText('Waiting for a second administrator')).toBeInTheDocument();
    // The member this administrator created has no Confirm button.
    expect(within(mine).queryByRole('button', { name: 'Confirm mine' })).toBeNull();

    await user.click(within(fiona).getByRole('button', { name: 'Confirm fiona' }));

    expect(await screen.findByText('fiona is confirmed and can sign in.')).toBeInTheDocument();
    expect(api.callsTo('POST staff/2/confirm')).toHaveLength(1);
    expect(api.callsTo('POST staff/3/confirm')).toHaveLength(0);
    expect(
      await within(screen.getByText('fiona').closest('tr')!).findByText('No authenticator yet'),
    ).toBeInTheDocument();
  });
});
