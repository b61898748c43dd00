import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/session';
import { mockApi, ok, refused, type Handler } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';

const MINUTE = 60_000;

/** The dashboard's answers once signed in. */
const signedInRoutes = (): Record<string, Handler> => ({
  'GET me': () => ok(STAFF),
  'GET queues': () =>
    ok({
      // Half a minute past 2 h 5 min: the shown age moves on every 15 seconds at most.
      withdrawals: { count: 3, oldestAt: Date.now() - (125 * MINUTE + 30_000) },
      deposits: { count: 0, oldestAt: null },
      documents: { count: 1, oldestAt: Date.now() - 12 * MINUTE - 30_000 },
    }),
});

const signedIn = (token: string) =>
  ok({ status: 'ok', token, expiresAt: Date.now() + 8 * 60 * MINUTE, staff: STAFF });

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'deniz');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('enrols an authenticator: QR code and key, a code, then the dashboard', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST auth/login': () =>
        ok({
          status: 'enrol',
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Kasa:deniz?secret=JBSWY3DPEHPK3PXP&issuer=Kasa',
        }),
      'POST auth/enrol': () => signedIn('staff-token-1'),
      ...signedInRoutes(),
    });
    renderApp('/sign-in');

    await typePassword(user);

    expect(
      await screen.findByRole('heading', { name: 'Set up your authenticator' }),
    ).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST auth/enrol')[0].body).toEqual({
      username: 'deniz',
      password: 'correct horse battery',
      code: '123456',
    });
    expect(api.callsTo('POST auth/login')).toHaveLength(1);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('staff-token-1');
    expect(await screen.findByText('3 waiting · oldest 2 h 5 min')).toBeInTheDocument();
    // The calls after sign-in carry the staff token.
    const queues = api.callsTo('GET queues')[0];
    expect(queues.headers.Authorization).toBe('Bearer staff-token-1');
    // The top bar names the member and offers Sign out.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('deniz')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('asks the code when the server says so and sends it with the password again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST auth/login': [() => ok({ status: 'code' }), () => signedIn('staff-token-2')],
      ...signedInRoutes(),
    });
    renderApp('/sign-in');

    await typePassword(user);
    expect(
      await screen.findByRole('heading', { name: 'Enter your authenticator code' }),
    ).toBeInTheDocument();

    // Five digits are not a code: nothing is sent.
    await user.type(screen.getByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Enter the 6 digits your authenticator app shows.'),
    ).toBeVisible();
    expect(api.callsTo('POST auth/login')).toHaveLength(1);

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '654 321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const [first, second] = api.callsTo('POST auth/login');
    expect(first.body).toEqual({ username: 'deniz', password: 'correct horse battery' });
    expect(second.body).toEqual({
      username: 'deniz',
      password: 'correct horse battery',
      code: '654321',
    });
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('staff-token-2');
  });

  it("shows the server's message for a wrong password (401) and stays on sign-in", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST auth/login': () => refused(401, 'Wrong username, password or code.') });
    renderApp('/sign-in');

    await typePassword(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username, password or code.');
    expect(screen.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the lock's message (429)", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST auth/login': () =>
        refused(429, 'Too many failed sign-ins: try again after 14:35 UTC.', {
          lockedUntil: Date.now() + 15 * MINUTE,
        }),
    });
    renderApp('/sign-in');

    await typePassword(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-ins: try again after 14:35 UTC.',
    );
  });

  it('goes back to sign-in when a call answers 401', async () => {
    mockApi({ 'GET me': () => refused(401, 'No session.') });
    const { router } = renderApp('/withdrawals', { token: 'ended-token' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back office sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Sign in again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
