import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogStore } from '@/features/auth/stores/dialogs';
import type { Promotion } from '@/features/promotions/api/get-promotions';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { AppProvider } from '../provider';
import { routes } from '../router';
import { envelope } from '@/test/envelope';

/** Issue 30: /promotions/:slug is the promotions page with that promotion's dialog open. */

const fetchMock = vi.fn<typeof fetch>();

const welcome: Promotion = {
  id: 1,
  slug: 'welcome',
  title: 'Hoş Geldin Bonusu',
  images: ['/media/promotions/welcome-card.svg', '/media/promotions/welcome-dialog.svg'],
  description: '<p>İlk yatırımınıza %100 bonus.</p>',
  terms: '<ul><li>25 kat çevrim</li></ul>',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  bonus: {
    amount: 5000,
    wagering: 25,
    maxBet: 100,
    days: 30,
    sportsWageringPercent: 0,
    deposit: { percent: 100, minDeposit: 100, firstDeposit: true, weekday: null },
  },
};
const slot: Promotion = {
  ...welcome,
  id: 2,
  slug: 'slot-bonus',
  title: '100 ₺ Slot Bonusu',
  bonus: { amount: 100, wagering: 20, maxBet: 50, days: 7, sportsWageringPercent: 0 },
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/** The route's chunk and the promotions load on demand: slow under a full parallel run. */
const slow = { timeout: 5000 };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/cms/promotions')) return envelope(true, null, [welcome, slot]);
    return envelope(false, 'x', null, 404);
  });
  resetSession();
  dialogStore.set(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
});

describe('/promotions/:slug', () => {
  it("opens the promotion's dialog over the page; the breadcrumbs stay Home / Promotions", async () => {
    const router = renderAt('/promotions/slot-bonus');
    const dialog = await screen.findByRole('dialog', { name: '100 ₺ Slot Bonusu' }, slow);
    expect(within(dialog).getByTestId('promotion-claim')).toBeInTheDocument();
    expect(screen.getAllByTestId('promotion')).toHaveLength(2);
    // Behind the modal dialog (hidden from the accessibility tree while it is open).
    const crumbs = screen.getByRole('navigation', { name: 'Bulunduğunuz yer', hidden: true });
    expect(
      within(crumbs)
        .getAllByRole('link', { hidden: true })
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Ana Sayfa', '/'],
      ['Promosyonlar', '/promotions'],
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an unknown slug shows the page', async () => {
    renderAt('/promotions/nope');
    await waitFor(() => expect(screen.getAllByTestId('promotion')).toHaveLength(2), slow);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a deposit bonus's Deposit takes a player to /dashboard/deposit?bonus=slug", async () => {
    setAuthData({ token: 't' });
    const user = userEvent.setup();
    const router = renderAt('/promotions/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Hoş Geldin Bonusu' }, slow);
    expect(within(dialog).queryByTestId('promotion-claim')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yatırım yap' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/deposit');
      expect(router.state.location.search).toBe('?bonus=welcome');
    }, slow);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
  });

  it('asks a visitor to log in first', async () => {
    const user = userEvent.setup();
    const router = renderAt('/promotions/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Hoş Geldin Bonusu' }, slow);
    await user.click(within(dialog).getByRole('button', { name: 'Yatırım yap' }));
    await waitFor(() => expect(dialogStore.get()).toBe('login'));
    expect(router.state.location.pathname).toBe('/promotions');
    act(() => dialogStore.set(null));
  });
});
