import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { DESKTOP_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { closesOnFailure, launchProvider, useLaunch } from '../api/launch-game';
import type { GameToLaunch } from '../game-data';
import { mountHtmlGame } from '../html-game';
import './casino.css';

export type GameWindowProps = {
  game: GameToLaunch;
  onClose: () => void;
  /** Deposit: the Deposit Money sheet (composed by the app, payments own it). */
  onDeposit: () => void;
  /** The heading level of the game's name: h1 on the play page, h2 in the dialog. */
  headingLevel?: 1 | 2;
  /** The id of the name, for a dialog's aria-labelledby. */
  titleId?: string;
  /**
   * The toasts start under the top bar (default): at the top they would cover its actions, at the
   * bottom the game's own controls (components/ui/toaster).
   */
  toastsBelowBar?: boolean;
  /** Shown in the top bar before its actions: the time since login (composed by the app). */
  clock?: ReactNode;
};

/** The refresh toast (spec section 8). */
export function reloadToastText(): string {
  return translate('casino.play.reloading');
}

/**
 * The game: the top bar (its name, Deposit, refresh and close) over the game's frame. The game
 * launches when shown through its provider's launch call; a failed launch shows its message (the
 * query client's error toast) and, per spec section 8, closes the game, except for Digitain and
 * EveryMatrix, whose window stays with the message in it. SoftGamings' page is written into the
 * window and its script run. Refresh shows 'Game will be reloaded. Please wait...' and launches
 * again (the studio's launch token is single use). 'Loading...' until the frame has loaded.
 */
export function GameWindow({
  game,
  onClose,
  onDeposit,
  headingLevel = 1,
  titleId,
  toastsBelowBar = true,
  clock,
}: GameWindowProps) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // The platform is the one the game was opened on; turning the phone does not relaunch it.
  const [isMobile] = useState(!desktop);
  const [launch, setLaunch] = useState(0);
  const { data: launched, isError, error } = useLaunch(game, isMobile, launch);
  const url = launched?.kind === 'url' ? launched.url : undefined;
  const html = launched?.kind === 'html' ? launched.html : undefined;
  const htmlRef = useRef<HTMLDivElement>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const closes = closesOnFailure(launchProvider(game.providerName));
  const ownId = useId();
  const headingId = titleId ?? ownId;
  const name = game.name || String(game.gameCode);

  useEffect(() => {
    if (isError && closes) onClose();
  }, [isError, closes, onClose]);

  useEffect(() => {
    if (html !== undefined && htmlRef.current) mountHtmlGame(htmlRef.current, html);
  }, [html]);

  const refresh = () => {
    void notify.info(reloadToastText());
    setLoadedUrl(null);
    setLaunch((n) => n + 1);
  };

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const failed = isError && !closes;
  const loading = !failed && html === undefined && (!url || loadedUrl !== url);
  return (
    <div className="game-window" data-testid="game-window">
      <div className="game-bar" data-toasts-below={toastsBelowBar ? '' : undefined}>
        <Heading id={headingId} className="game-bar__title">
          {name}
        </Heading>
        <div className="game-bar__actions">
          {clock}
          <button type="button" className="btn btn--primary btn--sm" onClick={onDeposit}>
            <Icon name="plus" size={16} />
            {t('header.deposit')}
          </button>
          <button
            type="button"
            className="icon-btn game-bar__btn"
            onClick={refresh}
            aria-label={t('casino.play.refresh')}
            title={t('casino.play.refresh')}
          >
            <Icon name="refresh" />
          </button>
          <button
            type="button"
            className="icon-btn game-bar__btn"
            onClick={onClose}
            aria-label={t('common.close')}
            title={t('common.close')}
          >
            <Icon name="close" />
          </button>
        </div>
      </div>
      <div className="game-stage">
        {loading ? (
          <p className="game-stage__loading" role="status">
            <span className="game-stage__spinner" aria-hidden="true" />
            {t('casino.play.loading')}
          </p>
        ) : null}
        {failed ? (
          <p className="game-stage__error" data-testid="game-error">
            {error instanceof Error
              ? error.message
              : t('casino.play.providerUnavailable', { provider: game.providerName })}
          </p>
        ) : null}
        {html !== undefined ? (
          <div key={launch} ref={htmlRef} className="game-stage__html" data-testid="game-html" />
        ) : null}
        {url ? (
          <iframe
            key={url}
            src={url}
            title={name}
            className={`game-stage__frame${loading ? ' is-loading' : ''}`}
            allow="fullscreen; autoplay; clipboard-write"
            allowFullScreen
            onLoad={() => setLoadedUrl(url)}
          />
        ) : null}
      </div>
    </div>
  );
}
