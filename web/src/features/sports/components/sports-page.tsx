import { useEffect, useId, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { useSession } from '@/lib/session-store';
import { useVisitorBook } from '../api/get-visitor-book';
import {
  sportsbookUrl,
  type SportsbookLogin,
  type SportsbookMode,
  type SportsbookProvider,
} from '../sportsbook-url';
import './sports.css';

/** Where the not-available page sends the player: the casino's lobby. */
export const CASINO_PATH = '/casino/slot';

export type SportsPageProps = {
  provider: SportsbookProvider;
  /** betsy: pre-match (/spor) or live (/livespor). */
  mode?: SportsbookMode;
  /** betsy: the /fcg 'High Rate' variants. */
  highRate?: boolean;
  titleKey: string;
  icon: IconName;
  /** The title's badge (the /fcg variants: 'High Rate'). */
  badgeKey?: string;
  /** The sportsbook asks a visitor to log in (its `kasa:login` message). */
  onLoginNeeded?: () => void;
  /** The sportsbook moved the player's money (its `kasa:balance` message). */
  onBalanceChanged?: () => void;
};

/**
 * Keeps the frame's top edge (below the header, the domain banner and the breadcrumbs, whatever
 * their height) in `--sports-frame-top`, so the frame ends right above the phone's bottom bar
 * (at the screen's foot on desktop) and its own bottom bar is never under the site's.
 */
function useFrameTop(frame: RefObject<HTMLIFrameElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const el = frame.current;
    if (!shown || !el) return;
    const fit = () => {
      const top = Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY));
      el.style.setProperty('--sports-frame-top', `${top}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    watch?.observe(document.body);
    return () => {
      window.removeEventListener('resize', fit);
      watch?.disconnect();
    };
  }, [frame, shown]);
}

/** The messages a framed sportsbook sends the site. */
const MESSAGES = ['kasa:login', 'kasa:balance'] as const;

/**
 * A sports route's page: the sportsbook of the stored login data (a visitor's: the one the server
 * names, without a token) in a frame as wide as the
 * content and as high as the screen under the header (above the bottom bar on phones), or, when
 * none is configured (logged out, or an empty url), the page's title and a card saying sports
 * betting is not available, with the way back to the casino.
 */
export function SportsPage({
  provider,
  mode,
  highRate,
  titleKey,
  icon,
  badgeKey,
  onLoginNeeded,
  onBalanceChanged,
}: SportsPageProps) {
  const { t, i18n } = useTranslation();
  const { authData } = useSession();
  const title = t(titleKey);
  // Visitors: the sportsbook the server names for them (Betco is for players with access only).
  const visitor = useVisitorBook(!authData && provider === 'betsy');
  const login: SportsbookLogin | null = useMemo(
    () =>
      authData ??
      (visitor.data ? { ...visitor.data, betsyToken: '', betcoUrl: '', betcoToken: '' } : null),
    [authData, visitor.data],
  );
  const src = useMemo(
    () =>
      sportsbookUrl(
        login,
        { provider, mode, highRate },
        { lang: i18n.language, origin: window.location.origin },
      ),
    [login, provider, mode, highRate, i18n.language],
  );

  // The frame's messages, from that frame only.
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const type = (e.data as { type?: unknown } | null)?.type;
      if (type === MESSAGES[0]) onLoginNeeded?.();
      if (type === MESSAGES[1]) onBalanceChanged?.();
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onLoginNeeded, onBalanceChanged]);

  useFrameTop(frame, src !== null);

  if (!authData && provider === 'betsy' && visitor.isPending) {
    // The visitor's sportsbook is being asked for: the frame's place, not a message yet.
    return (
      <div className="sports" aria-busy="true">
        <h1 className="visually-hidden">{title}</h1>
      </div>
    );
  }
  if (src) {
    return (
      <div className="sports">
        <h1 className="visually-hidden">{title}</h1>
        <iframe
          ref={frame}
          className="sports__frame"
          src={src}
          title={t('sports.frameTitle', { page: title })}
          allow="fullscreen; clipboard-write"
          data-testid="sportsbook"
        />
      </div>
    );
  }
  return <SportsUnavailable title={title} icon={icon} badge={badgeKey ? t(badgeKey) : null} />;
}

function SportsUnavailable({
  title,
  icon,
  badge,
}: {
  title: string;
  icon: IconName;
  badge: string | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="sports sports--off">
      <header className="sports__head">
        <span className="sports__head-icon">
          <Icon name={icon} size={24} />
        </span>
        <div className="sports__heading">
          <h1 className="sports__title">{title}</h1>
          {badge ? <span className="badge">{badge}</span> : null}
        </div>
      </header>
      <section className="sports-off" aria-labelledby={headingId} data-testid="sports-unavailable">
        <div className="sports-off__card">
          <div className="sports-off__art" aria-hidden="true">
            <Icon name={icon} size={40} />
          </div>
          <h2 className="sports-off__title" id={headingId}>
            {t('sports.unavailable.title')}
          </h2>
          <p className="sports-off__text">{t('sports.unavailable.text')}</p>
          <Link to={CASINO_PATH} className="btn btn--primary sports-off__action">
            <Icon name="slots" size={18} />
            {t('sports.unavailable.casino')}
          </Link>
        </div>
      </section>
    </div>
  );
}
