import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { useBootstrap, useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import providers from '../../../../content/providers.json';
import { SocialLinks } from './social-links';

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

/** The Games column: route and menu title. */
const GAME_LINKS = [
  ['/casino/slot', 'menu.slots'],
  ['/casino/live', 'menu.liveCasino'],
  ['/spor', 'menu.sports'],
  ['/livespor', 'menu.liveBettings'],
  ['/promotions', 'menu.promotions'],
] as const;

/** The Help column's outside links: the site option holding the address, and the title. */
const HELP_LINKS = [
  ['call-request-url', 'menu.callRequest'],
  ['blog-url', 'menu.blog'],
] as const;

/** A footer link column: a nav named by its heading, the links in a list. */
function FooterColumn({
  id,
  heading,
  testId,
  children,
}: {
  id: string;
  heading: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <nav className="footer__col" aria-labelledby={id}>
      <h2 id={id} className="footer__heading">
        {heading}
      </h2>
      <ul className="footer__links" data-testid={testId}>
        {children}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const options = useSiteOptions();
  const siteName = options['site-name'] ?? 'Kasa';
  const category = data?.categoryList.find((c) => c.id === FOOTER_CATEGORY_ID);

  return (
    <footer className="footer">
      <div className="footer__top">
        <div className="footer__brand">
          <Logo name={siteName} />
          <p className="footer__tagline">{t('footer.tagline')}</p>
          <SocialLinks iconSize={18} />
        </div>
        <FooterColumn
          id="footer-corporate"
          heading={category?.name ?? t('footer.corporate')}
          testId="footer-content-links"
        >
          {/* One link per content entry of category 2, labelled with its title (spec section 2). */}
          {(category?.content ?? []).map((entry) => (
            <li key={entry.id}>
              <Link to={`/pages/${entry.id}`}>{entry.title}</Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn id="footer-games" heading={t('footer.games')}>
          {GAME_LINKS.map(([to, title]) => (
            <li key={to}>
              <Link to={to}>{t(title)}</Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn id="footer-help" heading={t('footer.help')}>
          <li>
            <Link to="/pages">{t('menu.contents')}</Link>
          </li>
          {options['contact-email'] ? (
            <li>
              <a href={`mailto:${options['contact-email']}`}>{options['contact-email']}</a>
            </li>
          ) : null}
          {HELP_LINKS.map(([key, title]) =>
            options[key] ? (
              <li key={key}>
                <a href={options[key]} target="_blank" rel="noopener noreferrer">
                  {t(title)}
                </a>
              </li>
            ) : null,
          )}
        </FooterColumn>
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
