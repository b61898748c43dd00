import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { FastRegisterForm } from './register-fast-form';

describe('Fast Register, step by step', () => {
  it("puts the next step's first field in focus, and typing lands where it is aimed", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <FastRegisterForm onRegistered={() => {}} trialAmount={50} termsPage={3} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Ad', { exact: true }), 'Ayşe');
    await user.type(screen.getByLabelText('Soyad', { exact: true }), 'Yılmaz');
    await user.type(screen.getByLabelText('Kullanıcı adı', { exact: true }), 'ayse1');
    const next = screen.getByRole('button', { name: 'İleri' });
    await waitFor(() => expect(next).toBeEnabled());

    await user.click(next);
    const email = await screen.findByLabelText('E-posta', { exact: true });
    await waitFor(() => expect(email).toHaveFocus());

    // A password typed at once goes into the password field, not the e-mail.
    await user.type(screen.getByLabelText('Şifre', { exact: true }), 'gizli123');
    expect(screen.getByLabelText('E-posta', { exact: true })).toHaveValue('');
    expect(screen.getByLabelText('Şifre', { exact: true })).toHaveValue('gizli123');
  });
});
