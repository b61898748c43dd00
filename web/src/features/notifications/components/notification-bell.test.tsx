import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { notify } from '@/lib/toast';
import { notificationsQueryKey, type Notification } from '../api/get-notifications';
import { dispatchHubCommand } from '../hub';
import { useLiveNotifications } from './live-notifications';
import { NotificationBell } from './notification-bell';
import { closePanel } from './panel-store';

const fetchMock = vi.fn<typeof fetch>();

const item = (id: number, isRead: boolean, title: string): Notification => ({
  id,
  title,
  note: `${title} note`,
  type: id === 1 ? 1 : 4,
  timeStamp: '2026-11-22T01:16:57Z',
  isRead,
});

function Live() {
  useLiveNotifications();
  return null;
}

function renderBell(list: Notification[], withLabel = false) {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { staleTime: Infinity, retry: false },
    mutations: { retry: false },
  });
  client.setQueryData(notificationsQueryKey, list);
  render(
    <QueryClientProvider client={client}>
      <Live />
      <NotificationBell withLabel={withLabel} />
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setAuthData({ token: 't' });
});
afterEach(() => {
  act(() => closePanel());
  vi.unstubAllGlobals();
  resetSession();
});

describe('notification bell and panel', () => {
  it('marks an opened unread notification read only after the server agreed', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderBell([item(1, false, 'Yatırım onaylandı'), item(2, true, 'Hoş geldin bonusu')]);

    const bell = screen.getByRole('button', { name: /1 okunmamış/ });
    expect(bell).toHaveTextContent('1');
    await user.click(bell);
    // The panel loads when the bell first opens it.
    const panel = await screen.findByRole('dialog', { name: 'Bildirimler' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('22.11.2026');
    expect(rows[0].querySelector('.notif-kind--deposit')).toBeTruthy();
    expect(rows[1].querySelector('.notif-kind--bonus')).toBeTruthy();

    await user.click(within(rows[0]).getByRole('button'));
    expect(within(panel).getByRole('heading', { name: 'Yatırım onaylandı' })).toBeVisible();
    const back = within(panel).getByRole('button', { name: 'Bildirimler' });
    expect(back).toHaveFocus();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/customer\/readnotification$/);
    expect(JSON.parse(String(init?.body))).toEqual({ id: [1] });
    // Not yet: the server has not answered.
    expect(bell).toHaveAttribute('data-unread', '1');

    await act(async () => {
      answer(new Response(JSON.stringify({ success: true, message: null, data: null })));
    });
    await vi.waitFor(() => expect(bell).toHaveAttribute('data-unread', '0'));
    expect(bell.querySelector('.bell__badge')).toBeNull();

    await user.click(back);
    const row = within(panel).getAllByRole('listitem')[0];
    expect(row.querySelector('.notif-item__dot')).toBeNull();
    expect(within(row).getByRole('button')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names what it shows in the order it is written: the word, then the badge as it reads', () => {
    const many = Array.from({ length: 12 }, (_, i) => item(i + 1, false, `Bildirim ${i}`));
    renderBell(many);
    // The header's bell: the badge (9+) is in its name.
    expect(screen.getByRole('button', { name: 'Bildirimler, 9+ okunmamış' })).toHaveTextContent(
      /^9\+$/,
    );
    cleanup();
    // The bottom bar's: its word, then the badge, in the markup as in the name (the icon is put
    // above the word by CSS).
    renderBell([item(1, false, 'Yatırım onaylandı')], true);
    expect(screen.getByRole('button', { name: 'Bildirim, 1 okunmamış' })).toHaveTextContent(
      /^Bildirim 1$/,
    );
  });

  it('keeps it unread when the server refuses, and shows its message once', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error').mockResolvedValue(0);
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Bulunamadı', data: null }), {
        status: 404,
      }),
    );
    renderBell([item(1, false, 'Yatırım onaylandı')]);
    await user.click(screen.getByRole('button', { name: /okunmamış/ }));
    await user.click(await screen.findByText('Yatırım onaylandı'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('button', { name: /1 okunmamış/ })).toHaveAttribute('data-unread', '1');
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'Bulunamadı',
      expect.objectContaining({ action: expect.any(String) }),
    );
    error.mockRestore();
  });

  it('prepends a pushed notification and counts it at once', async () => {
    const client = renderBell([item(1, true, 'Eski')]);
    expect(screen.getByRole('button', { name: 'Bildirimler' })).toHaveAttribute('data-unread', '0');
    act(() => {
      dispatchHubCommand(
        'Notification',
        JSON.stringify({ ...item(9, false, 'Yeni'), timeStamp: '2026-11-22T02:00:00Z' }),
      );
    });
    expect(await screen.findByRole('button', { name: /1 okunmamış/ })).toHaveAttribute(
      'data-unread',
      '1',
    );
    expect(client.getQueryData<Notification[]>(notificationsQueryKey)?.map((n) => n.title)).toEqual(
      ['Yeni', 'Eski'],
    );
  });

  it('shows 9+ from nine unread', () => {
    renderBell(Array.from({ length: 9 }, (_, i) => item(i + 1, false, `n${i}`)));
    // Its name says what the badge shows (WCAG 2.5.3, label in name).
    expect(screen.getByRole('button', { name: 'Bildirimler, 9+ okunmamış' })).toHaveTextContent(
      '9+',
    );
  });
});
