import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { openDialog } from '@/features/auth/stores/dialogs';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { Lobby } from '@/features/casino/components/lobby';
import { useMediaQuery } from '@/hooks/use-media-query';
import { categorySlug, openCategory } from '../casino-links';
import { fromSearchButton } from '../layout/header-actions';
import { useGamePlayer } from './casino-player';
import './pages.css';

export type LobbyPage = {
  /** The route's slug: slot, live, popular-games, games, tvbets. */
  slug: string;
  titleKey: string;
  icon: IconName;
  /** The live casino (true) or the slots (false); the other pages list either. */
  live?: boolean;
  /** The banner slug, for the pages with a carousel. */
  bannerSlug?: string;
};

function Banners({ slug }: { slug: string }) {
  const { data } = useBootstrap();
  return <BannerCarousel slug={slug} sliderList={data?.sliderList} />;
}

export { categorySlug };

/** From this width the lobby pages show their banners (on phones the games come first). */
export const LOBBY_BANNERS_QUERY = '(min-width: 768px)';

/**
 * A casino lobby page (/casino/slot, /casino/live, /casino/popular-games, /casino/games,
 * /casino/tvbets): the page's banners (from 768 px: a phone's first screen shows games), its
 * title and the lobby with the bootstrap's casino categories of its slug as tabs, opened on the
 * tab the URL's `?category=` names (the home page's category tiles). Tiles play through
 * useGamePlayer (the page or the Play dialog).
 */
export function CasinoLobbyRoute({ slug, titleKey, icon, live, bannerSlug }: LobbyPage) {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const { play, view } = useGamePlayer();
  const location = useLocation();
  const [search] = useSearchParams();
  const wide = useMediaQuery(LOBBY_BANNERS_QUERY);
  // The header's search button: the lobby's search field takes the focus.
  const focusSearch = fromSearchButton(location.state) ? location.key : undefined;
  const categories = (data?.casinoCategoryList ?? [])
    .filter((c) => c.slugList.includes(categorySlug(slug)))
    .map((c) => ({ id: c.id, name: c.name }));
  const category = openCategory(search, categories);
  return (
    <div className="page-stack">
      {bannerSlug && wide ? <Banners slug={bannerSlug} /> : null}
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name={icon} size={24} />
        </span>
        <h1 className="page-head__title">{t(titleKey)}</h1>
      </header>
      <Lobby
        key={`${slug}:${category ?? 'all'}`}
        slug={slug}
        live={live}
        categories={categories}
        initialCategory={category}
        onPlay={play}
        onLoginNeeded={() => openDialog('login')}
        focusSearch={focusSearch}
      />
      {view}
    </div>
  );
}
