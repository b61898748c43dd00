import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import vectors from '../vectors.json';
import { FairPage } from './fair-page';

/** GET /games/api/info answers the games the server test wrote into the vectors. */
function serveInfo() {
  return vi.fn<typeof fetch>().mockImplementation(async (input) => {
    const ok = String(input).endsWith('/games/api/info');
    return new Response(
      JSON.stringify({ success: ok, message: ok ? null : 'Yok', data: ok ? vectors.info : null }),
      { status: ok ? 200 : 404, headers: { 'Content-Type': 'application/json' } },
    );
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FairPage />
    </QueryClientProvider>,
  );
}

const roulette = vectors.rounds.find((r) => r.code === 'kasa-european-roulette');

describe('FairPage (Turkish)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', serveInfo());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the games by kind, kinds and names in Turkish', async () => {
    renderPage();
    const picker = await screen.findByTestId('fair-game');
    const groups = [...picker.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ['Slotlar', ["Sultan'ın Altını", 'Boğaz Geceleri', 'Anadolu Meyveleri']],
      ['Çok yollu slotlar', ['Kapadokya Ways']],
      ['Rulet', ['Avrupa Ruleti']],
      ['Keno', ['Keno 80']],
      ['Şans çarkı', ['Şans Çarkı']],
      ['Bakara', ['Kasa Bakara']],
      ['Blackjack', ['Kasa Blackjack']],
      ['Crash oyunları', ['Kasa Aviator']],
    ]);
    expect(picker).toHaveValue('kasa-sultans-gold');
  });

  it('shows a seeded round and a crash round under one result title', async () => {
    const user = userEvent.setup();
    renderPage();
    const picker = await screen.findByTestId('fair-game');
    expect(roulette).toBeDefined();
    await user.selectOptions(picker, 'kasa-european-roulette');
    await user.type(screen.getByLabelText('Sunucu tohumu (açıklanan)'), roulette!.serverSeed);
    await user.type(screen.getByLabelText('İstemci tohumu'), roulette!.clientSeed);
    await user.clear(screen.getByLabelText('Nonce'));
    await user.type(screen.getByLabelText('Nonce'), String(roulette!.nonce));
    await user.click(screen.getByRole('button', { name: 'Yeniden hesapla' }));
    const result = screen.getByTestId('fair-result');
    await waitFor(() =>
      expect(within(result).getByTestId('fair-number')).toHaveTextContent(
        String((roulette!.outcome as { number: number }).number),
      ),
    );
    expect(within(result).getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(within(result).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Tarayıcınızda yeniden hesaplanan tur',
    );

    const [crash] = vectors.crash;
    await user.selectOptions(picker, 'kasa-aviator');
    expect(screen.getByTestId('fair-result')).toBeEmptyDOMElement();
    await user.type(screen.getByLabelText('Tur özeti'), crash.hash);
    await user.click(screen.getByRole('button', { name: 'Yeniden hesapla' }));
    const crashResult = screen.getByTestId('fair-result');
    await waitFor(() =>
      expect(within(crashResult).getByTestId('fair-crash-point')).toHaveTextContent(
        `${(crash.point / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2 })}×`,
      ),
    );
    expect(within(crashResult).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Tarayıcınızda yeniden hesaplanan tur',
    );
  });
});
