import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { openDialog } from '@/features/auth/stores/dialogs';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { Lobby } from '@/features/casino/components/lobby';
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

/** The casino categories' slug of a page: the bingo page's route is popular-games. */
export function categorySlug(slug: string): string {
  return slug === 'popular-games' ? 'bingo' : slug;
}

function Banners({ slug }: { slug: string }) {
  const { data } = useBootstrap();
  return <BannerCarousel slug={slug} sliderList={data?.sliderList} />;
}

/**
 * A casino lobby page (/casino/slot, /casino/live, /casino/popular-games, /casino/games,
 * /casino/tvbets): the page's banners, its title and the lobby with the bootstrap's casino
 * categories of its slug as tabs. Tiles play through useGamePlayer (the page or the Play dialog).
 */
export function CasinoLobbyRoute({ slug, titleKey, icon, live, bannerSlug }: LobbyPage) {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const { play, view } = useGamePlayer();
  const location = useLocation();
  // The header's search button: the lobby's search field takes the focus.
  const focusSearch = fromSearchButton(location.state) ? location.key : undefined;
  const categories = (data?.casinoCategoryList ?? [])
    .filter((c) => c.slugList.includes(categorySlug(slug)))
    .map((c) => ({ id: c.id, name: c.name }));
  return (
    <div className="page-stack">
      {bannerSlug ? <Banners slug={bannerSlug} /> : null}
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name={icon} size={24} />
        </span>
        <h1 className="page-head__title">{t(titleKey)}</h1>
      </header>
      <Lobby
        key={slug}
        slug={slug}
        live={live}
        categories={categories}
        onPlay={play}
        onLoginNeeded={() => openDialog('login')}
        focusSearch={focusSearch}
      />
      {view}
    </div>
  );
}
