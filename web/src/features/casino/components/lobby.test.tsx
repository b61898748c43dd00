import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import type { CasinoGame } from '../api/schemas';
import { Lobby } from './lobby';

const fetchMock = vi.fn<typeof fetch>();

function game(code: string, name: string, imageUrl: string): CasinoGame {
  return {
    gameCode: code,
    id: code.length,
    imageUrl,
    isFavorite: false,
    isLive: false,
    isNew: false,
    mainProviderId: 2,
    name,
    platforms: ['desktop', 'mobile'],
    popularity: 1,
    providerName: 'EGT Digital',
    systemCategory: [],
  };
}

const games = [
  game('egt-royal-sevens', 'Royal Sevens', '/media/games/slot-sevens.svg'),
  game('amn-super-hot-100', 'Super Hot 100', '/media/games/slot-sevens.svg'),
  game('kasa-sultans-gold', "Sultan'ın Altını", '/media/games/kasa-sultans-gold.svg'),
];

const categories = [
  { id: 3, name: 'Slotlar' },
  { id: 4, name: 'Megaways' },
];

function renderLobby(props: Partial<Parameters<typeof Lobby>[0]> = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <Lobby
        slug="slot"
        live={false}
        categories={categories}
        onPlay={vi.fn()}
        onLoginNeeded={vi.fn()}
        {...props}
      />
    </QueryClientProvider>,
  );
}

/** The category of the lobby's last request. */
function requestedCategory(): string | null {
  const [url] = fetchMock.mock.calls.at(-1) ?? [];
  return new URL(String(url)).searchParams.get('category');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({ success: true, data: { items: games, total: 3, providers: [] } }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('the lobby (issue 30)', () => {
  it("opens on the category a home tile named, and lists that category's games", async () => {
    renderLobby({ initialCategory: 4 });
    expect(screen.getByRole('button', { name: 'Megaways' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Tümü' })).toHaveAttribute('aria-pressed', 'false');
    await screen.findAllByTestId('game-tile');
    expect(requestedCategory()).toBe('4');
  });

  it("opens on All for a category that is not the page's", async () => {
    renderLobby({ initialCategory: 8 });
    expect(screen.getByRole('button', { name: 'Tümü' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findAllByTestId('game-tile');
    expect(requestedCategory()).toBe('slot');
  });

  it('marks the games sharing a placeholder picture apart, not a game with its own art', async () => {
    renderLobby();
    const tiles = await screen.findAllByTestId('game-tile');
    const mark = (code: string) => {
      const tile = tiles.find((t) => t.dataset.code === code)!;
      return within(tile).queryByTestId('game-mark');
    };
    expect(mark('egt-royal-sevens')).toHaveTextContent('RS');
    expect(mark('amn-super-hot-100')).toHaveTextContent('SH');
    expect(mark('kasa-sultans-gold')).toBeNull();
    const hue = (code: string) =>
      (mark(code)!.parentElement as HTMLElement).style.getPropertyValue('--art-hue');
    expect(hue('egt-royal-sevens')).toMatch(/^\d+deg$/);
  });

  it("the header's search puts the search field at the top of the screen, focused", async () => {
    const scrolled = vi.fn();
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scrolled;
    try {
      renderLobby({ focusSearch: 'key-1' });
      const field = screen.getByRole('searchbox', { name: 'Oyun adıyla ara' });
      await waitFor(() => expect(field).toHaveFocus());
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
      expect(scrolled.mock.contexts[0]).toBe(field.parentElement);
    } finally {
      if (own) Object.defineProperty(Element.prototype, 'scrollIntoView', own);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
