import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useBootstrap, useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { isOnDefaultDomain } from '@/lib/domain';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';

export const BANNER_COLLAPSE_MS = 500;

/**
 * The top notification banner (spec section 4): on the home route the domains are loaded and the
 * read flag checked; on other routes it is marked read. Closing saves topNotifyRead = "yes",
 * collapses it and hides it after 500 ms.
 */
export function TopNotifyBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data } = useBootstrap();
  const domains = data?.domainStatus;
  const [read, setRead] = useState(true);
  const [collapsing, setCollapsing] = useState(false);
  const isHome = location.pathname === '/';

  useEffect(() => {
    // Synchronising with the route: this is the spec's "on each navigation" rule.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRead(isHome ? readString(STORAGE_KEYS.topNotifyRead) === 'yes' : true);
  }, [isHome]);

  useEffect(() => {
    if (!collapsing) return;
    const timer = window.setTimeout(() => {
      setRead(true);
      setCollapsing(false);
    }, BANNER_COLLAPSE_MS);
    return () => window.clearTimeout(timer);
  }, [collapsing]);

  if (read || !domains?.current) return null;
  const close = () => {
    writeString(STORAGE_KEYS.topNotifyRead, 'yes');
    setCollapsing(true);
  };
  return (
    <div
      className={`top-banner${collapsing ? ' top-banner--collapsing' : ''}`}
      role="status"
      data-testid="top-notify"
    >
      <div className="top-banner__inner">
        <Icon name="bell" size={18} className="top-banner__icon" />
        <p className="top-banner__text">
          {t('topBanner.text', { domain: domains.current })}
          {domains.next ? (
            <span className="top-banner__next">
              {' '}
              {t('topBanner.next', { domain: domains.next })}
            </span>
          ) : null}
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

/** Shown when the site is not on its default domain; names the next domain. */
export function DomainBanner({ hostname = window.location.hostname }: { hostname?: string }) {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const options = useSiteOptions();
  const next = data?.domainStatus?.next;
  if (!data || isOnDefaultDomain(hostname, options['default-domain'])) return null;
  return (
    <div className="domain-banner" role="note" data-testid="domain-banner">
      <Icon name="info" size={16} />
      <p>
        {next
          ? t('domainBanner.textNext', { domain: options['default-domain'], next })
          : t('domainBanner.text', { domain: options['default-domain'] })}
      </p>
      {next ? (
        <a href={`https://${next}`} className="domain-banner__link" rel="noopener noreferrer">
          {next}
        </a>
      ) : null}
    </div>
  );
}
