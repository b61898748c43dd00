import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { getSession, resetSession } from '@/lib/session-store';
import { envelope } from '@/test/envelope';
import { closeDialog, openDialog } from '../stores/dialogs';
import { LoginDialog } from './login-dialog';

/** Issue 31: a closed account's login says until when; an ended self-exclusion may be reopened. */

const fetchMock = vi.fn<typeof fetch>();

function renderLogin() {
  openDialog('login');
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <LoginDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const loginBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/auth/login'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function logIn() {
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Giriş Yap' });
  await user.type(within(dialog).getByLabelText('Kullanıcı adı'), 'deniz01');
  await user.type(within(dialog).getByLabelText('Şifre'), 'gizli123');
  await user.click(within(dialog).getByRole('button', { name: 'Giriş Yap' }));
  return { user, dialog };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  act(() => closeDialog());
  vi.unstubAllGlobals();
  resetSession();
});

describe('login of a closed account', () => {
  it('shows the time-out with its end in the form, with no way to reopen', async () => {
    const text = '29.11.2026 20:18 tarihine kadar mola veriyorsunuz (Türkiye saati).';
    fetchMock.mockResolvedValue(
      envelope(false, text, { closure: 'timeout', until: 1_795_968_000_000 }, 403),
    );
    renderLogin();
    const { dialog } = await logIn();
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(text);
    expect(within(dialog).queryByRole('button', { name: /yeniden açılmasını/ })).toBeNull();
    expect(getSession().isLoggedIn).toBe(false);
    // The form keeps what was typed (no field error: it is not the password).
    expect(within(dialog).getByLabelText('Şifre')).toHaveValue('gizli123');
  });

  it('asks to reopen an ended self-exclusion with the same login and shows the answer', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelope(
          false,
          'Kendinizi hariç tutma süreniz sona erdi. Hesabınızın yeniden açılmasını isteyebilirsiniz.',
          { closure: 'exclusion', until: 1_700_000_000_000, reopen: true },
          403,
        ),
      )
      .mockResolvedValueOnce(
        envelope(
          false,
          'Hesabınız 30.11.2026 20:18 tarihinde yeniden açılacak.',
          { closure: 'exclusion', until: 1_796_054_400_000 },
          403,
        ),
      );
    renderLogin();
    const { user, dialog } = await logIn();
    const reopen = await within(dialog).findByRole('button', {
      name: 'Hesabımın yeniden açılmasını iste',
    });
    await user.click(reopen);
    expect(
      await within(dialog).findByText('Hesabınız 30.11.2026 20:18 tarihinde yeniden açılacak.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /yeniden açılmasını/ })).toBeNull();
    expect(loginBodies()).toEqual([
      { username: 'deniz01', password: 'gizli123' },
      { username: 'deniz01', password: 'gizli123', reopen: true },
    ]);
  });
});
