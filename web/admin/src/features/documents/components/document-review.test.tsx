import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';
import type { DocumentItem } from '../api/get-documents';

const COMPLIANCE = { ...STAFF, roles: ['compliance'], permissions: ['kyc.read', 'kyc.decide'] };

function doc(over: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id: 31,
    playerId: 1001,
    username: 'ayse',
    kind: 'identity',
    docType: 'passport',
    side: 'front',
    state: 'pending',
    uploadedAt: Date.now() - 60_000,
    size: 2048,
    ...over,
  };
}

function routes(item: DocumentItem, approve: Parameters<typeof mockApi>[0][string]) {
  return {
    'GET me': () => ok(COMPLIANCE),
    'GET queues': () =>
      ok({
        withdrawals: { count: 0, oldestAt: null },
        deposits: { count: 0, oldestAt: null },
        documents: { count: 1, oldestAt: item.uploadedAt },
      }),
    'GET documents': () => ok([item]),
    [`GET documents/${item.id}/file`]: () =>
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 }),
    [`POST documents/${item.id}/approve`]: approve,
  };
}

describe('approving an identity document', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the TC kimlik number read on it, and says what the server did with it', async () => {
    const api = mockApi(
      routes(doc(), () =>
        ok(
          null,
          'Approved. A closure of this person runs on another account: this account is closed with it.',
        ),
      ),
    );
    renderApp('/documents/31', { token: 't' });
    const user = userEvent.setup();
    const number = await screen.findByLabelText('TC kimlik number on the document (optional)');

    await user.type(number, '2000000011');
    await user.click(screen.getByRole('button', { name: 'Approve document' }));
    expect(await screen.findByText('A TC kimlik number is 11 digits.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(number, '4');
    await user.click(screen.getByRole('button', { name: 'Approve document' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ number: '20000000114' }),
    );
    expect(
      await screen.findByText(
        'Approved. A closure of this person runs on another account: this account is closed with it.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a number that is not the account's, and stays on the form", async () => {
    mockApi(
      routes(doc(), () =>
        refused(
          422,
          "The document's TC kimlik number is not the account's: reject the document (name_mismatch).",
        ),
      ),
    );
    renderApp('/documents/31', { token: 't' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('TC kimlik number on the document (optional)'),
      '10000000078',
    );
    await user.click(screen.getByRole('button', { name: 'Approve document' }));
    expect(
      await screen.findByText(
        "The document's TC kimlik number is not the account's: reject the document (name_mismatch).",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve document' })).toBeEnabled();
  });

  it('returns the reviewer to a queue that no longer lists the approved document', async () => {
    const item = doc();
    const later = (response: Response) =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(response), 1_000));
    mockApi({
      ...routes(item, () => ok(null)),
      'GET documents': [() => ok([item]), () => later(ok([]))],
    });
    renderApp('/documents/31', { token: 't' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Approve document' }));

    await screen.findByRole(
      'heading',
      { name: 'Identity documents', level: 1 },
      { timeout: 3_000 },
    );
    expect(screen.getByText('Document #31 of ayse approved.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review document #31 of ayse' })).toBeNull();
  });

  it("sends the reviewer's word that it is the same person only when asked to, after a refusal naming the other account", async () => {
    const api = mockApi(
      routes(doc(), ({ body }) =>
        (body as { samePerson?: boolean }).samePerson
          ? ok(
              null,
              'Approved. The TC kimlik number is on account #1002 too: one person, two accounts.',
            )
          : refused(
              422,
              'The TC kimlik number is on account #1002 too. Compare the documents: if it is the same person, approve again saying so (a closure of either account then closes both); if not, reject the document (name_mismatch).',
            ),
      ),
    );
    renderApp('/documents/31', { token: 't' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('TC kimlik number on the document (optional)'),
      '20000000114',
    );

    await user.click(screen.getByRole('button', { name: 'Approve document' }));
    expect(
      await screen.findByText(/is on account #1002 too\. Compare the documents/),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', { name: /Same person as another account with this number/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve document' }));

    expect(
      await screen.findByText(
        'Approved. The TC kimlik number is on account #1002 too: one person, two accounts.',
      ),
    ).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([{ number: '20000000114' }, { number: '20000000114', samePerson: true }]);
  });

  it('asks for no number on a proof of address', async () => {
    mockApi(routes(doc({ kind: 'address', docType: 'utility_bill', side: null }), () => ok(null)));
    renderApp('/documents/31', { token: 't' });
    await screen.findByRole('button', { name: 'Approve document' });
    expect(screen.queryByLabelText('TC kimlik number on the document (optional)')).toBeNull();
  });
});
