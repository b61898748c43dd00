import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useBootstrap, useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { isOnDefaultDomain } from '@/lib/domain';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';

export const BANNER_COLLAPSE_MS = 500;

/** The top banner was closed, or a route other than home was visited (spec section 4). */
export function isTopNotifyRead(): boolean {
  return readString(STORAGE_KEYS.topNotifyRead) === 'yes';
}

export function markTopNotifyRead(): void {
  writeString(STORAGE_KEYS.topNotifyRead, 'yes');
}

/**
 * The top notification banner (spec section 4): on the home route the domains are shown unless
 * the read flag is set; any other route marks it read (topNotifyRead = "yes"). Closing saves the
 * flag, collapses the banner and hides it after 500 ms. Whether it shows is decided while
 * rendering, from the stored bootstrap and flag, so it is there from the first paint and never
 * pushes a page already shown down.
 */
export function TopNotifyBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data } = useBootstrap();
  const domains = data?.domainStatus;
  const [closed, setClosed] = useState(false);
  const [collapsing, setCollapsing] = useState(false);
  const isHome = location.pathname === '/';

  useEffect(() => {
    if (!isHome) markTopNotifyRead();
  }, [isHome]);

  useEffect(() => {
    if (!collapsing) return;
    const timer = window.setTimeout(() => {
      setClosed(true);
      setCollapsing(false);
    }, BANNER_COLLAPSE_MS);
    return () => window.clearTimeout(timer);
  }, [collapsing]);

  // On home the flag is only written by closing, so a banner on screen stays until then.
  if (!isHome || closed || isTopNotifyRead() || !domains?.current) return null;
  const close = () => {
    markTopNotifyRead();
    setCollapsing(true);
  };
  const text = t('topBanner.text', { domain: domains.current });
  const next = domains.next ? t('topBanner.next', { domain: domains.next }) : null;
  return (
    <div
      className={`top-banner${collapsing ? ' top-banner--collapsing' : ''}`}
      role="status"
      data-testid="top-notify"
    >
      <div className="top-banner__inner">
        <Icon name="bell" size={18} className="top-banner__icon" />
        {/* One line: what does not fit ends in an ellipsis, the whole text in the title. */}
        <p className="top-banner__text" title={next ? `${text} ${next}` : text}>
          {text}
          {next ? <span className="top-banner__next"> {next}</span> : null}
        </p>
        <button
          type="button"
          className="icon-btn top-banner__close"
          onClick={close}
          aria-label={t('common.close')}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  );
}

/**
 * One line, shown when the site is not on its default domain; names the next domain as a link.
 * Rendered from the stored bootstrap at the first paint (its text shortens with an ellipsis,
 * never wraps). A labelled landmark of its own, at the top of every page, so that nothing of the
 * page sits outside the landmarks.
 */
export function DomainBanner({ hostname = window.location.hostname }: { hostname?: string }) {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const options = useSiteOptions();
  const next = data?.domainStatus?.next;
  if (!data || isOnDefaultDomain(hostname, options['default-domain'])) return null;
  const text = next
    ? t('domainBanner.textNext', { domain: options['default-domain'] })
    : t('domainBanner.text', { domain: options['default-domain'] });
  return (
    <aside
      className="domain-banner"
      aria-label={t('domainBanner.label')}
      data-testid="domain-banner"
    >
      <Icon name="info" size={16} className="domain-banner__icon" />
      <p className="domain-banner__text" title={text}>
        {text}
      </p>
      {next ? (
        <a href={`https://${next}`} className="domain-banner__link" rel="noopener noreferrer">
          {next}
          <Icon name="chevronRight" size={14} />
        </a>
      ) : null}
    </aside>
  );
}
