import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';
import type { ContentFile } from '../api/get-content-files';

const EDITOR = { ...STAFF, username: 'cem', roles: ['content'], permissions: ['content.edit'] };

const FILES: ContentFile[] = [
  { name: 'pages/about.en.html', text: '<h2>About us</h2><p>Hello <script>alert(1)</script></p>' },
  { name: 'pages/about.tr.html', text: '<h2>Hakkımızda</h2><p>Merhaba</p>' },
  { name: 'promotions.json', text: '[{"slug": "welcome"}]\n' },
  { name: 'site.json', text: '{"languages": []}\n', hash: 'c0ffee' },
  { name: 'translations/en.json', text: '{"menu.home": "Home", "menu.only": "Only English"}' },
  { name: 'translations/tr.json', text: '{"menu.home": "Ana sayfa"}' },
];

const queues = () =>
  ok({
    withdrawals: { count: 0, oldestAt: null },
    deposits: { count: 0, oldestAt: null },
    documents: { count: 0, oldestAt: null },
  });

describe('the content editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses invalid JSON before saving, then shows the server’s 422', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok(EDITOR),
      'GET queues': queues,
      'GET content/files': () => ok(FILES),
      'PUT content/files': () =>
        refused(422, 'Nothing was saved: site.json: languages: each needs a locale.'),
    });
    renderApp('/content', { token: 'staff-token' });

    // The site's options come first.
    const source = await screen.findByLabelText('Text of site.json');
    expect(source).toHaveValue('{"languages": []}\n');
    expect(screen.getByRole('button', { name: 'No changes to save' })).toBeDisabled();

    await user.clear(source);
    await user.click(source);
    await user.paste('{"languages": [}');
    // Checked as it is typed, in the box and in the preview.
    expect(source).toHaveAttribute('aria-invalid', 'true');
    expect(source).toHaveAccessibleDescription(/Line 1, column 16: unexpected "}"\./);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Not valid JSON.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save 1 file' }));
    expect(
      await screen.findByText('Nothing was sent: site.json is not valid JSON. Fix it first.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT content/files')).toHaveLength(0);

    await user.clear(source);
    await user.paste('{"languages": [{"name": "Türkçe"}]}');
    expect(source).not.toHaveAttribute('aria-invalid');
    expect(within(preview).getByText('Valid JSON')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save 1 file' }));

    expect(
      await screen.findByText('Nothing was saved: site.json: languages: each needs a locale.'),
    ).toBeInTheDocument();
    // Only the changed file is sent, with the hash of the text it was read as (the server
    // refuses a file someone else changed since).
    expect(api.callsTo('PUT content/files')[0].body).toEqual({
      files: [{ name: 'site.json', text: '{"languages": [{"name": "Türkçe"}]}', hash: 'c0ffee' }],
    });
    // The edit is still there to fix.
    expect(source).toHaveValue('{"languages": [{"name": "Türkçe"}]}');
  });

  it('saves the changed files and says which changed', async () => {
    const user = userEvent.setup();
    const edited = '<h2>About us</h2><p>Welcome to Kasa.</p>';
    const api = mockApi({
      'GET me': () => ok(EDITOR),
      'GET queues': queues,
      'GET content/files': [
        () => ok(FILES),
        () => ok(FILES.map((f) => (f.name === 'pages/about.en.html' ? { ...f, text: edited } : f))),
      ],
      'PUT content/files': () => ok({ changed: ['pages/about.en.html'] }),
    });
    renderApp('/content', { token: 'staff-token' });

    await user.selectOptions(await screen.findByLabelText('File'), 'pages/about.en.html');
    // Both languages side by side, sanitised.
    const preview = screen.getByRole('region', { name: 'Preview' });
    const english = within(preview).getByRole('article', { name: 'English page' });
    const turkish = within(preview).getByRole('article', { name: 'Türkçe page' });
    expect(within(turkish).getByRole('heading', { name: 'Hakkımızda' })).toBeInTheDocument();
    expect(within(english).getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(english.querySelector('script')).toBeNull();

    const source = screen.getByLabelText('Text of pages/about.en.html');
    await user.clear(source);
    await user.click(source);
    await user.paste(edited);
    expect(within(english).getByText('Welcome to Kasa.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save 1 file' }));

    expect(
      await screen.findByText('Saved 1 file: pages/about.en.html. The site shows it now.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT content/files')[0].body).toEqual({
      files: [{ name: 'pages/about.en.html', text: edited }],
    });
    await waitFor(() => expect(api.callsTo('GET content/files')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'No changes to save' })).toBeDisabled();
  });

  it('shows a language’s translations beside the other’s', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET me': () => ok(EDITOR),
      'GET queues': queues,
      'GET content/files': () => ok(FILES),
    });
    renderApp('/content', { token: 'staff-token' });

    await user.selectOptions(await screen.findByLabelText('File'), 'translations/tr.json');
    const table = screen.getByRole('table', { name: 'Translations: key, Turkish and English' });
    const home = within(table).getByText('menu.home').closest('tr')!;
    expect(home).toHaveTextContent('Ana sayfa');
    expect(home).toHaveTextContent('Home');
    const only = within(table).getByText('menu.only').closest('tr')!;
    expect(only).toHaveTextContent('Missing');
    expect(screen.getByText('2 keys, 1 missing in one language.')).toBeInTheDocument();
  });
});
