import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { envelope } from '@/test/envelope';
import type { Kyc } from '../api/get-kyc';
import { MAX_DOCUMENT_BYTES } from '../file-rules';
import { IdentityVerification } from './identity-verification';

/** Issue 31: identity verification on the Personal Information page. */

const fetchMock = vi.fn<typeof fetch>();

const notStarted: Kyc = {
  identity: { state: 'not_started', reason: null },
  address: { state: 'rejected', reason: 'Belge okunamıyor.' },
  documents: [],
  withdrawalNeedsIdentity: false,
  thresholds: { withdrawalOver: 5000, depositsOver: 20000 },
};

const pending: Kyc = {
  ...notStarted,
  identity: { state: 'pending', reason: null },
  documents: [
    {
      id: 1,
      kind: 'identity',
      docType: 'kimlik',
      side: 'front',
      state: 'pending',
      reason: null,
      uploadedAt: Date.UTC(2025, 4, 12, 11, 30),
    },
  ],
};

function renderSection() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <IdentityVerification />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const png = (name = 'kimlik.png', size = 2048) => {
  const file = new File([new Uint8Array(8)], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('IdentityVerification', () => {
  it('shows each check with a rejection reason', async () => {
    fetchMock.mockResolvedValue(envelope(true, null, notStarted));
    renderSection();
    const identity = await screen.findByTestId('kyc-identity');
    expect(within(identity).getByText('Başlanmadı')).toBeInTheDocument();
    const address = screen.getByTestId('kyc-address');
    expect(within(address).getByText('Reddedildi')).toBeInTheDocument();
    expect(within(address).getByText('Neden: Belge okunamıyor.')).toBeInTheDocument();
    expect(screen.getByText('Henüz belge yok.')).toBeInTheDocument();
  });

  it('says one approved side of a kimlik is not yet a verified identity, and asks for the rest', async () => {
    const half: Kyc = {
      ...notStarted,
      identity: { state: 'incomplete', reason: null },
      documents: [{ ...pending.documents[0], state: 'approved' }],
    };
    fetchMock.mockResolvedValue(envelope(true, null, half));
    renderSection();
    const identity = await screen.findByTestId('kyc-identity');
    expect(within(identity).getByText('Eksik')).toHaveAttribute('data-state', 'incomplete');
    expect(
      within(identity).getByText(
        'Belgenizin bir yüzü onaylandı: aynı belgenin diğer yüzünü de yükleyin.',
      ),
    ).toBeInTheDocument();
    // The form asks for the other side of the same document only, and sends just that.
    expect(within(identity).queryByLabelText('Belge türü')).toBeNull();
    // The type is fixed: Upload waits for the file alone, and says so.
    expect(within(identity).getByText('Dosyayı seçin')).toBeInTheDocument();
    expect(within(identity).queryByText('Belge türünü ve dosyayı seçin')).toBeNull();
    const user = userEvent.setup();
    await user.upload(
      within(identity).getByLabelText('T.C. kimlik kartı · Arka yüz'),
      png('back.png'),
    );
    const upload = within(identity).getByRole('button', { name: 'Yükle' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/kyc/documents')),
      ).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/kyc/documents'))!;
    const form = init?.body as FormData;
    expect([form.get('kind'), form.get('docType'), form.get('side')]).toEqual([
      'identity',
      'kimlik',
      'back',
    ]);
    expect((form.get('file') as File).name).toBe('back.png');
  });

  it('checks the file here first: its type, its size, the back of an ID card', async () => {
    fetchMock.mockResolvedValue(envelope(true, null, notStarted));
    const user = userEvent.setup({ applyAccept: false });
    renderSection();
    const identity = await screen.findByTestId('kyc-identity');
    await user.selectOptions(within(identity).getByLabelText('Belge türü'), 'kimlik');

    const front = within(identity).getByLabelText('Ön yüz');
    await user.upload(front, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(identity).findByText('Yalnızca JPEG, PNG ya da PDF')).toBeInTheDocument();
    expect(front).toHaveAttribute('aria-invalid', 'true');

    await user.upload(front, png('big.png', MAX_DOCUMENT_BYTES + 1));
    expect(await within(identity).findByText('En fazla 10 MB')).toBeInTheDocument();

    await user.upload(front, png());
    await waitFor(() => expect(front).not.toHaveAttribute('aria-invalid'));
    // An ID card needs its back too: Upload says why it waits.
    const upload = within(identity).getByRole('button', { name: 'Yükle' });
    expect(upload).toBeDisabled();
    expect(within(identity).getByText('Belge türünü ve dosyayı seçin')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('kyc/documents'))).toEqual(
      [],
    );
  });

  it('uploads the front and the back as multipart forms and shows the document pending', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/kyc/documents')
        ? envelope(true, 'Teşekkürler: belgeniz alındı.', pending)
        : envelope(true, null, notStarted),
    );
    const user = userEvent.setup();
    renderSection();
    const identity = await screen.findByTestId('kyc-identity');
    await user.selectOptions(within(identity).getByLabelText('Belge türü'), 'kimlik');
    await user.upload(within(identity).getByLabelText('Ön yüz'), png('front.png'));
    await user.upload(within(identity).getByLabelText('Arka yüz'), png('back.png'));
    const upload = within(identity).getByRole('button', { name: 'Yükle' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);

    await waitFor(() => expect(within(identity).getByText('İnceleniyor')).toBeInTheDocument());
    const posts = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/kyc/documents'));
    expect(posts).toHaveLength(2);
    const forms = posts.map(([, init]) => init?.body as FormData);
    expect(forms.map((f) => [f.get('kind'), f.get('docType'), f.get('side')])).toEqual([
      ['identity', 'kimlik', 'front'],
      ['identity', 'kimlik', 'back'],
    ]);
    expect((forms[0].get('file') as File).name).toBe('front.png');
    // No JSON content type: the browser writes the multipart boundary.
    const headers = posts[0][1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(screen.getByTestId('kyc-documents')).toHaveTextContent('T.C. kimlik kartı · Ön yüz');
  });
});
