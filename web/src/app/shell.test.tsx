import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { dialogStore } from '@/lib/dialogs';
import { AppProvider, createQueryClient } from './provider';
import { routes } from './router';

const fetchMock = vi.fn<typeof fetch>();

function renderAt(path: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { client, router };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  authStore.set({ isLoggedIn: false, authData: null, balance: 0, bettingAccess: false });
  dialogStore.set(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it('renders with the built-in texts when the bootstrap fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/');
    const header = document.querySelector('header.header') as HTMLElement;
    expect(header).toBeTruthy();
    expect(within(header).getByRole('link', { name: /ana sayfa/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Kasa');
    // The carousel shows its 3 placeholders.
    expect(document.querySelectorAll('.banner-carousel img')).toHaveLength(3);
    await screen.findByText(/Bağlantı sorunu/, undefined, { timeout: 3000 });
  });

  it('asks for a login on the dashboard and submits the login form', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/auth/login')) {
        return new Response(
          JSON.stringify({
            success: true,
            message: 'Hoş geldiniz',
            data: { token: 't1', username: 'ali', balance: 12.5 },
          }),
          { status: 200 },
        );
      }
      return new Response(JSON.stringify({ success: false, message: 'x', data: null }), {
        status: 404,
      });
    });
    renderAt('/dashboard/deposit');
    const dialog = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    const submit = within(dialog).getByRole('button', { name: 'Giriş Yap' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Kullanıcı adı'), 'al');
    await user.type(within(dialog).getByLabelText('Şifre'), '1234');
    expect(submit).toBeDisabled(); // username 3–35, password 5–100
    await user.type(within(dialog).getByLabelText('Kullanıcı adı'), 'i');
    await user.type(within(dialog).getByLabelText('Şifre'), '5');
    expect(submit).toBeEnabled();
    await user.click(submit);

    await screen.findByRole('heading', { name: 'Para Yatır' });
    expect(screen.queryByRole('dialog', { name: 'Giriş Yap' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('authData') ?? '{}')).toMatchObject({
      token: 't1',
    });
    const loginCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/auth/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      username: 'ali',
      password: '12345',
    });
  });

  it('closes a dialog with Escape', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    renderAt('/');
    act(() => dialogStore.set('login'));
    await screen.findByRole('dialog', { name: 'Giriş Yap' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
