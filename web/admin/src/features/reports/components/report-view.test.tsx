import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/api-mock';
import { renderApp, STAFF } from '../../../test/render';
import type { Report } from '../api/get-report';

const zero = { deposits: 0, withdrawals: 0, bets: 0, wins: 0, ggr: 0, bonusCost: 0, ngr: 0 };

const report: Report = {
  from: '2025-03-01',
  to: '2025-03-02',
  totals: {
    deposits: 15000,
    withdrawals: 4200.5,
    bets: 80000,
    wins: 71000,
    ggr: 9000,
    bonusCost: 1250,
    ngr: 7750,
  },
  days: [
    { day: '2025-03-01', ...zero, deposits: 10000, bets: 50000, wins: 46000, ggr: 4000, ngr: 4000 },
    {
      day: '2025-03-02',
      ...zero,
      deposits: 5000,
      withdrawals: 4200.5,
      bets: 30000,
      wins: 25000,
      ggr: 5000,
      bonusCost: 1250,
      ngr: 3750,
    },
  ],
  depositsByMethod: [
    { name: 'Havale, EFT', amount: 12000 },
    { name: '=HYPERLINK("http://evil")', amount: 3000 },
  ],
  withdrawalsByMethod: [{ name: 'Havale, EFT', amount: 4200.5 }],
  providers: [{ provider: 'kasa-sports', bets: 80000, wins: 71000, ggr: 9000 }],
  adjustments: 0,
  jackpotLiability: 123456.78,
  debtsRecorded: 500,
  debtsRepaid: 200,
  debtsOutstanding: 300,
};

/** A saved file's text (jsdom's Blob has no text()), without its byte order mark. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const queues = () =>
  ok({
    withdrawals: { count: 0, oldestAt: null },
    deposits: { count: 0, oldestAt: null },
    documents: { count: 0, oldestAt: null },
  });

describe('the reports page', () => {
  let saved: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved = [];
    // No canvas in jsdom: the chart says so, and the tables carry the figures.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    // Nor blob URLs: the file a download would save is kept here instead.
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for the last 7 days up to today in Turkey by default, and shows the totals', async () => {
    const api = mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET reports': () => ok(report),
    });
    renderApp('/reports', { token: 'staff-token' });

    const figures = (await screen.findByText('Jackpot liability')).closest('dl')!;
    const call = api.callsTo('GET reports')[0];
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(call.query.get('to')).toBe(today);
    expect(call.query.get('from')).toBe(weekAgo);

    expect(figures).toHaveTextContent('GGR9.000,00 ₺');
    expect(figures).toHaveTextContent('NGR7.750,00 ₺');
    expect(figures).toHaveTextContent('Jackpot liability123.456,78 ₺');
    expect(figures).toHaveTextContent('Debts outstanding300,00 ₺');
    const days = screen.getByRole('table', { name: 'Per day' });
    expect(within(days).getAllByRole('row')).toHaveLength(3);
  });

  it('exports a table as CSV, quoted and defused', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET reports': () => ok(report),
    });
    renderApp('/reports?from=2025-03-01&to=2025-03-02', { token: 'staff-token' });

    await user.click(
      await screen.findByRole('button', { name: 'Export CSV of the payment methods' }),
    );

    expect(saved).toHaveLength(1);
    expect(saved[0].type).toBe('text/csv;charset=utf-8');
    const text = await textOf(saved[0]);
    expect(text).toBe(
      'Method,Deposits,Withdrawals,Net\r\n' +
        '"Havale, EFT",12000,4200.5,7799.5\r\n' +
        `"'=HYPERLINK(""http://evil"")",3000,0,3000\r\n`,
    );
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Export CSV of the days' }));
    const days = await textOf(saved[1]);
    expect(days.split('\r\n')).toEqual([
      'Day,Deposits,Withdrawals,Bets,Wins,GGR,Bonus cost,NGR',
      '2025-03-01,10000,0,50000,46000,4000,0,4000',
      '2025-03-02,5000,4200.5,30000,25000,5000,1250,3750',
      'Total,15000,4200.5,80000,71000,9000,1250,7750',
      '',
    ]);
  });

  it('refuses a range over 92 days before asking the server', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET reports': () => ok(report),
    });
    renderApp('/reports?from=2025-03-01&to=2025-03-02', { token: 'staff-token' });

    const from = await screen.findByLabelText('From');
    await user.clear(from);
    await user.type(from, '2024-11-01');
    await user.click(screen.getByRole('button', { name: 'Show report' }));

    expect(await screen.findByText('At most 92 days: this range has 122.')).toBeVisible();
    expect(api.callsTo('GET reports')).toHaveLength(1);
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET me': () => ok(STAFF),
      'GET queues': queues,
      'GET reports': () => refused(422, 'The range is two dates, YYYY-MM-DD.'),
    });
    renderApp('/reports?from=2025-03-01&to=2025-03-02', { token: 'staff-token' });

    expect(await screen.findByText('The range is two dates, YYYY-MM-DD.')).toBeInTheDocument();
  });
});
