import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { useSetSliderSlug } from '@/features/banners/stores/slider-slug';
import './pages.css';

type ComingSoonProps = {
  titleKey: string;
  icon: IconName;
  /** The page's banner slug (slot, live, promotions), if it has a carousel. */
  slug?: string;
  badgeKey?: string;
};

function SlugSetter({ slug }: { slug: string }) {
  useSetSliderSlug(slug);
  return null;
}

/** A page whose content arrives with a later issue: title, optional banners, a tasteful note. */
export function ComingSoon({ titleKey, icon, slug, badgeKey }: ComingSoonProps) {
  const { t } = useTranslation();
  const { data: bootstrap } = useBootstrap();
  return (
    <div className="page-stack">
      {slug ? (
        <>
          <SlugSetter slug={slug} />
          <BannerCarousel sliderList={bootstrap?.sliderList} />
        </>
      ) : null}
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name={icon} size={24} />
        </span>
        <h1 className="page-head__title">{t(titleKey)}</h1>
        {badgeKey ? <span className="badge">{t(badgeKey)}</span> : null}
      </header>
      <section className="soon" aria-label={t('comingSoon.title')}>
        <div className="soon__art" aria-hidden="true">
          <span className="soon__ring" />
          <span className="soon__ring soon__ring--2" />
          <Icon name={icon} size={44} />
        </div>
        <p className="soon__kicker">{t('comingSoon.kicker')}</p>
        <h2 className="soon__title">{t('comingSoon.title')}</h2>
        <p className="soon__text">{t('comingSoon.text', { page: t(titleKey) })}</p>
        <div className="soon__actions">
          <Link to="/" className="btn btn--ghost">
            <Icon name="home" size={18} />
            {t('comingSoon.home')}
          </Link>
          <Link to="/promotions" className="btn btn--primary">
            <Icon name="promotions" size={18} />
            {t('menu.promotions')}
          </Link>
        </div>
      </section>
    </div>
  );
}
