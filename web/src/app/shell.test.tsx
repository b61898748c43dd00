import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogStore } from '@/features/auth/stores/dialogs';
import { createQueryClient } from '@/lib/react-query';
import { resetSession } from '@/lib/session-store';
import { AppProvider } from './provider';
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

/** The texts of the toasts shown. */
function toastTexts(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSession();
  dialogStore.set(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it('renders with the built-in texts when the bootstrap fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/');
    // The home page is its own chunk: the layout shows once it has loaded.
    const header = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('header.header');
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
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
    await screen.findByRole(
      'dialog',
      { name: 'Giriş Yap' },
      // The route and the dialogs load on demand: slow under a full parallel run.
      { timeout: 5000 },
    );
    // The guard's page behind the dialog has come too, so nothing replaces the form while typing;
    // the dialog and its parts are looked up afresh at each step all the same.
    await screen.findByRole('heading', { name: 'Giriş yapmanız gerekiyor' });
    const dialog = () => screen.getByRole('dialog', { name: 'Giriş Yap' });
    const submit = () => within(dialog()).getByRole('button', { name: 'Giriş Yap' });
    const field = (label: string) => within(dialog()).getByLabelText(label);
    expect(submit()).toBeDisabled();

    await user.type(field('Kullanıcı adı'), 'al');
    await user.type(field('Şifre'), '1234');
    expect(submit()).toBeDisabled(); // username 3–35, password 5–100
    // Valid values enable the button. Under a loaded machine the app may still be drawing the
    // form again as its failing calls settle (this mock answers 404 to all but the login), which
    // drops what was typed into the old one: the values go in again until the form keeps them.
    for (let attempt = 1; ; attempt++) {
      await user.clear(field('Kullanıcı adı'));
      await user.type(field('Kullanıcı adı'), 'ali');
      await user.clear(field('Şifre'));
      await user.type(field('Şifre'), '12345');
      try {
        // The form validates as the player types, a moment after the last key.
        await waitFor(() => expect(submit()).toBeEnabled(), { timeout: 3000 });
        break;
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
    await user.click(submit());

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

  it('puts a login refusal naming a field beside it, and another refusal in one toast', async () => {
    const user = userEvent.setup();
    const answers = [
      {
        status: 422,
        body: { success: false, message: 'Şifre hatalı.', data: { field: 'password' } },
      },
      { status: 429, body: { success: false, message: 'Çok fazla deneme.', data: null } },
    ];
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/api/auth/login')) {
        const { status, body } = answers.shift()!;
        return new Response(JSON.stringify(body), { status });
      }
      return new Response(JSON.stringify({ success: false, message: 'x', data: null }), {
        status: 404,
      });
    });
    renderAt('/');
    act(() => dialogStore.set('login'));
    const dialog = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    await user.type(within(dialog).getByLabelText('Kullanıcı adı'), 'ali');
    await user.type(within(dialog).getByLabelText('Şifre'), '12345');
    const login = within(dialog).getByRole('button', { name: 'Giriş Yap' });
    await waitFor(() => expect(login).toBeEnabled(), { timeout: 3000 });
    await user.click(login);

    const password = within(dialog).getByLabelText('Şifre');
    // The server's refusal, not a passing state of the checks while typing (under load the field
    // may still be marked from the first keys when the click lands).
    expect(await within(dialog).findByText('Şifre hatalı.', {}, { timeout: 5000 })).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(toastTexts().some((text) => text.includes('Şifre hatalı.'))).toBe(false);

    await user.type(password, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Giriş Yap' }));
    await screen.findByText('Çok fazla deneme.');
    expect(toastTexts().filter((text) => text.includes('Çok fazla deneme.'))).toHaveLength(1);
    expect(toastTexts().some((text) => text.includes('Şifre hatalı.'))).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Giriş Yap' })).toBeVisible();
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
