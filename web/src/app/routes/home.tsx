import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Deferred } from '@/components/ui/deferred';
import { Icon, type IconName } from '@/components/ui/icon';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { JackpotStrip } from '@/features/jackpots/components/jackpot-strip';
import { useSession } from '@/lib/session-store';
import { useBootstrap, useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { openDialog } from '@/features/auth/stores/dialogs';
import { formatMoney } from '@/lib/format';
import { openLiveChat } from '@/lib/live-chat';
import { categoryPath } from '../casino-links';
import './home.css';

const quickLinks: { key: string; hint: string; icon: IconName; url: string; tone: string }[] = [
  {
    key: 'menu.slots',
    hint: 'home.quick.slots',
    icon: 'slots',
    url: '/casino/slot',
    tone: 'violet',
  },
  {
    key: 'menu.liveCasino',
    hint: 'home.quick.live',
    icon: 'live',
    url: '/casino/live',
    tone: 'red',
  },
  { key: 'menu.sports', hint: 'home.quick.sports', icon: 'sport', url: '/spor', tone: 'blue' },
  {
    key: 'menu.liveBettings',
    hint: 'home.quick.liveBets',
    icon: 'liveSport',
    url: '/livespor',
    tone: 'green',
  },
];

function CategoryTile({
  id,
  name,
  imageUrl,
  url,
}: {
  id: number;
  name: string;
  imageUrl?: string | null;
  url: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <Link to={url} className={`cat cat--${id % 6}`}>
      {imageUrl && !failed ? (
        <img
          src={imageUrl}
          alt=""
          className="cat__img"
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="cat__fallback" aria-hidden="true">
          <Icon name="slots" size={34} />
        </span>
      )}
      <span className="cat__name">{name}</span>
    </Link>
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const { isLoggedIn } = useSession();
  const categories = data?.casinoCategoryList ?? [];
  const trialBonus = data?.trialBonusAmount ?? 0;
  const siteName = useSiteOptions()['site-name'] ?? 'Kasa';

  return (
    <div className="home page-stack">
      {/* The page's heading for screen readers: the banners open the page, with no title shown. */}
      <h1 className="visually-hidden">{t('home.heading', { name: siteName })}</h1>
      <BannerCarousel slug="home" sliderList={data?.sliderList} />

      <nav className="card-grid quick" aria-label={t('home.quickLabel')}>
        {quickLinks.map((q) => (
          <Link key={q.url} to={q.url} className={`quick__card quick__card--${q.tone}`}>
            <span className="quick__icon">
              <Icon name={q.icon} size={28} />
            </span>
            <span className="quick__text">
              <span className="quick__title">{t(q.key)}</span>
              <span className="quick__hint">{t(q.hint)}</span>
            </span>
            <Icon name="chevronRight" size={18} className="quick__chev" />
          </Link>
        ))}
      </nav>

      <JackpotStrip egtJackpotCards={data?.egtJackpotCards} />

      {categories.length > 0 ? (
        <Deferred minHeight={360}>
          <section aria-labelledby="cats-title">
            <div className="section-head">
              <h2 id="cats-title" className="section-title">
                <Icon name="slots" className="section-title__icon" />
                {t('home.categories')}
              </h2>
              <Link to="/casino/slot" className="section-link">
                {t('home.seeAll')}
                <Icon name="chevronRight" size={16} />
              </Link>
            </div>
            <div className="card-grid cats">
              {categories.map((c) => (
                <CategoryTile
                  key={c.id}
                  id={c.id}
                  name={c.name}
                  imageUrl={c.imageUrl}
                  url={categoryPath(c)}
                />
              ))}
            </div>
          </section>
        </Deferred>
      ) : null}

      <Deferred minHeight={480}>
        <section className="promos" aria-label={t('home.promosLabel')}>
          <article className="promo promo--welcome">
            <p className="promo__kicker">{t('home.welcome.kicker')}</p>
            <h2 className="promo__title">
              {trialBonus > 0
                ? t('home.welcome.titleAmount', { amount: formatMoney(trialBonus) })
                : t('home.welcome.title')}
            </h2>
            <p className="promo__text">{t('home.welcome.text')}</p>
            {isLoggedIn ? (
              <Link to="/promotions" className="btn btn--primary btn--lg">
                {t('menu.promotions')}
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn--primary btn--lg"
                onClick={() => openDialog('register')}
              >
                {t('home.welcome.cta')}
              </button>
            )}
            <Icon name="gift" size={120} className="promo__art" />
          </article>
          <article className="promo promo--rate">
            <span className="badge">{t('menu.badge.highRate')}</span>
            <h2 className="promo__title promo__title--sm">{t('home.rate.title')}</h2>
            <p className="promo__text">{t('home.rate.text')}</p>
            <Link to="/spor/fcg" className="btn btn--gold">
              {t('home.rate.cta')}
            </Link>
            <Icon name="sport" size={96} className="promo__art" />
          </article>
          <article className="promo promo--chat">
            <h2 className="promo__title promo__title--sm">{t('home.support.title')}</h2>
            <p className="promo__text">{t('home.support.text')}</p>
            <button type="button" className="btn btn--ghost" onClick={openLiveChat}>
              <Icon name="chat" size={18} />
              {t('menu.liveChat')}
            </button>
            <Icon name="chat" size={96} className="promo__art" />
          </article>
        </section>
      </Deferred>

      <Deferred minHeight={160}>
        <ul className="card-grid trust" aria-label={t('home.trustLabel')}>
          <li>
            <Icon name="shield" />
            <span>
              <strong>{t('home.trust.licensed')}</strong>
              <small>{t('home.trust.licensedText')}</small>
            </span>
          </li>
          <li>
            <Icon name="bolt" />
            <span>
              <strong>{t('home.trust.fast')}</strong>
              <small>{t('home.trust.fastText')}</small>
            </span>
          </li>
          <li>
            <Icon name="lock" />
            <span>
              <strong>{t('home.trust.secure')}</strong>
              <small>{t('home.trust.secureText')}</small>
            </span>
          </li>
          <li>
            <Icon name="clock" />
            <span>
              <strong>{t('home.trust.support')}</strong>
              <small>{t('home.trust.supportText')}</small>
            </span>
          </li>
        </ul>
      </Deferred>
    </div>
  );
}
