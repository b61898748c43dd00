import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { useBootstrap, useSiteOptions } from '@/lib/bootstrap';
import providers from '../../../../content/providers.json';
import { SOCIAL_KEYS } from './menu-items';

/** Footer provider logos (spec section 3: name, url). */
export type ProviderLogo = { name: string; url: string };
export const providerLogos: ProviderLogo[] = (providers as ProviderLogo[]).slice(0, 16);

export const FOOTER_CATEGORY_ID = 2;
export const COPYRIGHT_YEAR = 2025;

function ProviderLogoItem({ provider }: { provider: ProviderLogo }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className="providers__item" title={provider.name}>
      {failed ? (
        <span className="providers__text">{provider.name}</span>
      ) : (
        <img
          src={provider.url}
          alt={provider.name}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      )}
    </li>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const options = useSiteOptions();
  const siteName = options['site-name'] ?? 'Kasa';
  const category = data?.categoryList.find((c) => c.id === FOOTER_CATEGORY_ID);
  const socials = SOCIAL_KEYS.filter((k) => options[k]);

  return (
    <footer className="footer">
      <div className="footer__top">
        <div className="footer__brand">
          <Logo name={siteName} />
          <p className="footer__tagline">{t('footer.tagline')}</p>
          {socials.length > 0 ? (
            <div className="menu-social">
              {socials.map((key) => (
                <a
                  key={key}
                  href={options[key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`social social--${key}`}
                  aria-label={t(`social.${key}`)}
                >
                  <Icon name={key} size={18} />
                </a>
              ))}
            </div>
          ) : null}
        </div>
        <nav className="footer__col" aria-labelledby="footer-corporate">
          <h2 id="footer-corporate" className="footer__heading">
            {category?.name ?? t('footer.corporate')}
          </h2>
          <ul className="footer__links" data-testid="footer-content-links">
            <li>
              <Link to="/pages/3">{t('menu.aboutUs')}</Link>
            </li>
            {(category?.content ?? [])
              .filter((entry) => entry.id !== 3)
              .map((entry) => (
                <li key={entry.id}>
                  <Link to={`/pages/${entry.id}`}>{entry.title}</Link>
                </li>
              ))}
          </ul>
        </nav>
        <nav className="footer__col" aria-labelledby="footer-games">
          <h2 id="footer-games" className="footer__heading">
            {t('footer.games')}
          </h2>
          <ul className="footer__links">
            <li>
              <Link to="/casino/slot">{t('menu.slots')}</Link>
            </li>
            <li>
              <Link to="/casino/live">{t('menu.liveCasino')}</Link>
            </li>
            <li>
              <Link to="/spor">{t('menu.sports')}</Link>
            </li>
            <li>
              <Link to="/livespor">{t('menu.liveBettings')}</Link>
            </li>
            <li>
              <Link to="/promotions">{t('menu.promotions')}</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer__col" aria-labelledby="footer-help">
          <h2 id="footer-help" className="footer__heading">
            {t('footer.help')}
          </h2>
          <ul className="footer__links">
            <li>
              <Link to="/pages">{t('menu.contents')}</Link>
            </li>
            {options['contact-email'] ? (
              <li>
                <a href={`mailto:${options['contact-email']}`}>{options['contact-email']}</a>
              </li>
            ) : null}
            {options['call-request-url'] ? (
              <li>
                <a href={options['call-request-url']} target="_blank" rel="noopener noreferrer">
                  {t('menu.callRequest')}
                </a>
              </li>
            ) : null}
            {options['blog-url'] ? (
              <li>
                <a href={options['blog-url']} target="_blank" rel="noopener noreferrer">
                  {t('menu.blog')}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>

      <section className="providers" aria-labelledby="providers-title">
        <h2 id="providers-title" className="footer__heading">
          {t('footer.providers')}
        </h2>
        <ul className="providers__grid" data-testid="provider-logos">
          {providerLogos.map((p) => (
            <ProviderLogoItem key={p.name} provider={p} />
          ))}
        </ul>
      </section>

      <div className="footer__legal">
        <div className="footer__badges" aria-hidden="true">
          <span className="footer__age">18+</span>
          <Icon name="shield" size={28} />
        </div>
        <div>
          {options['license-text'] ? (
            <p className="footer__license">{options['license-text']}</p>
          ) : null}
          <p className="footer__operator">
            {options['operator-company'] ? (
              <span>{t('footer.operator', { company: options['operator-company'] })}</span>
            ) : null}
            {options['license-authority'] ? (
              <span>{t('footer.authority', { authority: options['license-authority'] })}</span>
            ) : null}
          </p>
          <p className="footer__copyright">
            {t('footer.copyright', { year: COPYRIGHT_YEAR, name: siteName })}
          </p>
        </div>
        <button
          type="button"
          className="footer__top-btn"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          aria-label={t('footer.goTop')}
        >
          <Icon name="arrowUp" />
        </button>
      </div>
    </footer>
  );
}
