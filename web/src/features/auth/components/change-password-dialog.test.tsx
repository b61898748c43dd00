import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTextsReady, initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { resetSession, setAuthData } from '@/lib/session-store';
import { closeDialog, openDialog } from '../stores/dialogs';
import { ChangePasswordDialog } from './change-password-dialog';

function renderDialog() {
  const client = createQueryClient();
  openDialog('changePassword');
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChangePasswordDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new Error('offline')));
  setAuthData({ token: 't' });
});
afterEach(() => {
  act(() => closeDialog());
  vi.unstubAllGlobals();
  resetSession();
  initI18n('tr');
});

describe('Change Password (issue 30)', () => {
  it('names the new password and its confirmation as new, in Turkish and English', async () => {
    renderDialog();
    let dialog = screen.getByRole('dialog', { name: 'Şifre Değiştir' });
    expect(within(dialog).getByLabelText('Eski Şifre')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Yeni Şifre')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(within(dialog).getByLabelText('Yeni Şifre (tekrar)')).toBeInTheDocument();

    await act(async () => {
      initI18n('en');
      await builtInTextsReady();
    });
    dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByLabelText('Current Password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New Password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Confirm New Password')).toBeInTheDocument();
  });

  it('says why Change is disabled until the form is filled in, and stops saying it after', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Şifre Değiştir' });
    const submit = within(dialog).getByRole('button', { name: 'Değiştir' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Tüm alanları doğru doldurun');
    expect(within(dialog).getByText('Tüm alanları doğru doldurun')).toBeVisible();

    await user.type(within(dialog).getByLabelText('Eski Şifre'), 'gizli123');
    await user.type(within(dialog).getByLabelText('Yeni Şifre'), 'yeni1234');
    await user.type(within(dialog).getByLabelText('Yeni Şifre (tekrar)'), 'yeni1234');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(submit).not.toHaveAttribute('aria-describedby');
    expect(within(dialog).queryByText('Tüm alanları doğru doldurun')).toBeNull();
  });
});
