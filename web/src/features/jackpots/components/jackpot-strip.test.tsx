import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { notify } from '@/lib/toast';
import type { JackpotCard } from '../api/get-jackpots';
import { JackpotStrip } from './jackpot-strip';
import { envelope } from '@/test/envelope';

const card = (instanceName: string, base: number): JackpotCard => ({
  instanceName,
  levelStats: [
    { level: 'I', name: 'Clubs', amount: base },
    { level: 'II', name: 'Diamonds', amount: base * 10 },
    { level: 'III', name: 'Hearts', amount: base * 100 },
    { level: 'IV', name: 'Spades', amount: base * 1000 },
  ],
});
const cards = [card('High Cash', 50), card('Clover Chance', 40)];

/** Answers casino/jackpots with `cards` and casino/eqyptquest with `amusnet`. */
function serve(amusnet: () => Response) {
  return vi.fn<typeof fetch>().mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/casino/jackpots')) return envelope(true, null, cards);
    if (url.endsWith('/api/casino/eqyptquest')) return amusnet();
    return envelope(false, 'x', null, 404);
  });
}

function renderStrip() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <JackpotStrip egtJackpotCards={cards} />
    </QueryClientProvider>,
  );
  return client;
}

describe('JackpotStrip', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'error').mockResolvedValue('e');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows High Cash and Clover Chance with their four levels, in Turkish', () => {
    vi.stubGlobal(
      'fetch',
      serve(() => envelope(false, 'x', null, 503)),
    );
    renderStrip();
    const high = screen.getByRole('article', { name: 'High Cash' });
    expect(within(high).getAllByRole('listitem')).toHaveLength(4);
    expect(within(high).getByText('Maça')).toBeInTheDocument();
    expect(high.querySelector('[data-level="I"] .jackpot__amount')).toHaveTextContent('50,00 ₺');
    expect(screen.getByRole('article', { name: 'Clover Chance' })).toBeInTheDocument();
  });

  it('shows no Amusnet card and no toast when the call fails (no source: 503)', async () => {
    const fetchMock = serve(() => envelope(false, 'x', null, 503));
    vi.stubGlobal('fetch', fetchMock);
    const client = renderStrip();
    await waitFor(() =>
      expect(client.getQueryState(['casino', 'eqyptquest'])?.status).toBe('error'),
    );
    expect(screen.queryByTestId('amusnet-jackpot')).toBeNull();
    expect(screen.queryByText('Egypt Quest')).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
    // Not retried.
    const calls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/eqyptquest'));
    expect(calls).toHaveLength(1);
  });

  it('shows no Amusnet card for the 14000 placeholder', async () => {
    vi.stubGlobal(
      'fetch',
      serve(() =>
        envelope(true, null, {
          currentLevelI: 14000,
          currentLevelII: 2,
          currentLevelIII: 3,
          currentLevelIV: 4,
        }),
      ),
    );
    const client = renderStrip();
    await waitFor(() =>
      expect(client.getQueryState(['casino', 'eqyptquest'])?.status).toBe('success'),
    );
    expect(screen.queryByTestId('amusnet-jackpot')).toBeNull();
  });

  it('shows the Amusnet card with levels I–IV when the source has a jackpot', async () => {
    vi.stubGlobal(
      'fetch',
      serve(() =>
        envelope(true, null, {
          currentLevelI: 14000.5,
          currentLevelII: 25000,
          currentLevelIII: 120000,
          currentLevelIV: 987654.32,
        }),
      ),
    );
    renderStrip();
    const amusnet = await screen.findByRole('article', { name: 'Egypt Quest' });
    const levels = within(amusnet).getAllByRole('listitem');
    expect(levels.map((l) => l.dataset.level)).toEqual(['IV', 'III', 'II', 'I']);
    expect(within(amusnet).getByText('Seviye IV')).toBeInTheDocument();
    expect(levels[3].querySelector('.jackpot__amount')).toHaveTextContent('14.000,50 ₺');
  });
});
