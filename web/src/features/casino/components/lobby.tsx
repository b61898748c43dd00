import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useSession } from '@/lib/session-store';
import { useFavorites } from '../api/get-favorites';
import { LOBBY_PAGE_SIZE, useLobby, type LobbyFilter, type LobbySort } from '../api/get-lobby';
import type { CasinoGame, LobbyProvider } from '../api/schemas';
import { useToggleFavorite } from '../api/toggle-favorite';
import { matchesSearch } from '../search-text';
import { sharedPictures } from '../tile-art';
import { GameTile, TileSkeleton } from './game-tile';
import './casino.css';

export type LobbyCategory = { id: number; name: string };

type LobbyProps = {
  /** The page's slug: slot, live, popular-games, games, tvbets. */
  slug: string;
  /** The live casino (true), the slots (false), or either. */
  live?: boolean;
  /** The bootstrap's casino categories of this page (slugList contains the slug). */
  categories: readonly LobbyCategory[];
  /** The category tab it opens on (one of `categories`), else All. */
  initialCategory?: number;
  onPlay: (game: CasinoGame) => void;
  /** A heart clicked logged out: the login form opens. */
  onLoginNeeded: () => void;
  /**
   * Changes when the search field should take the focus (the header's search button): it is
   * scrolled to the top of the screen, so what is found shows right under it, above a phone's
   * on-screen keyboard.
   */
  focusSearch?: string;
};

type Tab = 'all' | 'favorites' | number;

export const SEARCH_DEBOUNCE_MS = 300;

/** The value, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A casino lobby: category tabs (with Favourites for a player), a provider filter, search as you
 * type (debounced; each search is its own query, the stale one cancelled), popular/new order and
 * the grid of game tiles, read 48 at a time as the grid scrolls (or with Load more), so 10,000
 * games stay smooth. Skeletons while loading, an empty state, a load error with Retry.
 */
export function Lobby({
  slug,
  live,
  categories,
  initialCategory,
  onPlay,
  onLoginNeeded,
  focusSearch,
}: LobbyProps) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [tab, setTab] = useState<Tab>(() =>
    categories.some((c) => c.id === initialCategory) ? (initialCategory as number) : 'all',
  );
  const [provider, setProvider] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const [sort, setSort] = useState<LobbySort>('popular');
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const searchBoxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusSearch) return;
    searchRef.current?.focus({ preventScroll: true });
    searchBoxRef.current?.scrollIntoView?.({ block: 'start' });
  }, [focusSearch]);
  const providerId = useId();
  const sortId = useId();

  const showFavorites = tab === 'favorites' && isLoggedIn;
  const filter: LobbyFilter = useMemo(
    () => ({
      slug,
      live,
      category: typeof tab === 'number' ? tab : undefined,
      provider,
      search,
      sort,
    }),
    [slug, live, tab, provider, search, sort],
  );
  const lobby = useLobby(filter, !showFavorites);
  const favorites = useFavorites(isLoggedIn);
  const { toggle, pendingCode } = useToggleFavorite(onLoginNeeded);

  // Logged out, the Favourites tab goes back to All.
  if (tab === 'favorites' && !isLoggedIn) setTab('all');

  const favoriteCodes = useMemo(
    () => new Set((favorites.data ?? []).map((g) => `${g.providerName}:${String(g.gameCode)}`)),
    [favorites.data],
  );
  const isFavorite = useCallback(
    (g: CasinoGame) =>
      favorites.data
        ? favoriteCodes.has(`${g.providerName}:${String(g.gameCode)}`)
        : Boolean(g.isFavorite),
    [favoriteCodes, favorites.data],
  );

  // The providers facet: the last one seen for this page and category, so choosing a provider
  // keeps the others in the list.
  const facetKey = `${slug}:${String(tab)}`;
  const [facet, setFacet] = useState<{ key: string; providers: LobbyProvider[] }>({
    key: '',
    providers: [],
  });
  const firstPage = lobby.data?.pages[0];
  if (
    firstPage &&
    provider === undefined &&
    !search &&
    (facet.key !== facetKey || facet.providers !== firstPage.providers)
  ) {
    setFacet({ key: facetKey, providers: firstPage.providers });
  }
  const providers = facet.key === facetKey ? facet.providers : (firstPage?.providers ?? []);

  const favoriteGames = useMemo(
    () =>
      (favorites.data ?? []).filter(
        (g) =>
          matchesSearch(`${g.name} ${g.providerName}`, search) &&
          (provider === undefined || g.mainProviderId === provider),
      ),
    [favorites.data, search, provider],
  );

  const pages = lobby.data?.pages;
  const games: CasinoGame[] = useMemo(
    () => (showFavorites ? favoriteGames : (pages?.flatMap((p) => p.items) ?? [])),
    [showFavorites, favoriteGames, pages],
  );
  const total = showFavorites ? favoriteGames.length : (firstPage?.total ?? 0);
  // Placeholder pictures several games share: their tiles are marked apart (tile-art).
  const shared = useMemo(() => sharedPictures(games), [games]);
  const loading = showFavorites ? favorites.isPending : lobby.isPending;
  const failed = showFavorites ? favorites.isError : lobby.isError && !lobby.data;
  const retry = () => void (showFavorites ? favorites.refetch() : lobby.refetch());

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = lobby;
  const more = !showFavorites && hasNextPage;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, isFetchingNextPage, fetchNextPage]);

  const tabs: { value: Tab; label: string }[] = [
    { value: 'all', label: t('casino.tabs.all') },
    ...categories.map((c) => ({ value: c.id as Tab, label: c.name })),
    ...(isLoggedIn ? [{ value: 'favorites' as Tab, label: t('casino.tabs.favorites') }] : []),
  ];

  return (
    <section className="lobby" aria-busy={loading || lobby.isFetching}>
      {tabs.length > 1 ? (
        <div className="lobby__tabs" role="group" aria-label={t('casino.tabs.label')}>
          {tabs.map((item) => (
            <button
              key={String(item.value)}
              type="button"
              className={`lobby__tab${tab === item.value ? ' is-active' : ''}`}
              aria-pressed={tab === item.value}
              onClick={() => setTab(item.value)}
            >
              {item.value === 'favorites' ? <Icon name="heart" size={16} /> : null}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}

      <div className="lobby__tools">
        <div ref={searchBoxRef} className="lobby__search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('casino.search.label')}
          </label>
          <Icon name="search" size={18} className="lobby__search-icon" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('casino.search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
          />
        </div>
        <div className="lobby__select">
          <label htmlFor={providerId}>{t('casino.provider.label')}</label>
          <select
            id={providerId}
            value={provider ?? ''}
            onChange={(e) => setProvider(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">{t('casino.provider.all')}</option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.count})
              </option>
            ))}
          </select>
        </div>
        <div className="lobby__select">
          <label htmlFor={sortId}>{t('casino.sort.label')}</label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => setSort(e.target.value === 'new' ? 'new' : 'popular')}
          >
            <option value="popular">{t('casino.sort.popular')}</option>
            <option value="new">{t('casino.sort.new')}</option>
          </select>
        </div>
      </div>

      <p className="lobby__count tabular" role="status">
        {loading ? '' : t('casino.count', { count: total })}
      </p>

      {loading ? (
        <ul className="game-grid" aria-label={t('casino.loading')}>
          {Array.from({ length: 12 }, (_, i) => (
            <TileSkeleton key={i} />
          ))}
        </ul>
      ) : failed ? (
        <div className="lobby__empty">
          <p>{t('casino.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      ) : games.length === 0 ? (
        <div className="lobby__empty" data-testid="lobby-empty">
          <Icon name={showFavorites ? 'heart' : 'search'} size={36} />
          <p>
            {showFavorites
              ? t('casino.empty.favorites')
              : search
                ? t('casino.empty.search', { search })
                : t('casino.empty.none')}
          </p>
        </div>
      ) : (
        <ul className="game-grid" aria-label={t('casino.games')}>
          {games.map((game) => (
            <GameTile
              key={`${game.providerName}:${String(game.gameCode)}`}
              game={game}
              favorite={isFavorite(game)}
              busy={pendingCode !== undefined && pendingCode === game.gameCode}
              onPlay={onPlay}
              onToggleFavorite={toggle}
              sharedArt={shared.has(game.imageUrl)}
            />
          ))}
          {isFetchingNextPage
            ? Array.from({ length: Math.min(8, LOBBY_PAGE_SIZE) }, (_, i) => (
                <TileSkeleton key={`more-${i}`} />
              ))
            : null}
        </ul>
      )}

      {more ? (
        <div ref={sentinel} className="lobby__more">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? t('casino.loading') : t('casino.loadMore')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
