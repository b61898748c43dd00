import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import type { CasinoGame } from '../api/schemas';

/** The tiles' art box (4:3): width and height set, so nothing moves when the image arrives. */
export const TILE_IMAGE_WIDTH = 240;
export const TILE_IMAGE_HEIGHT = 180;

type GameTileProps = {
  game: CasinoGame;
  favorite: boolean;
  /** The heart is shown for everyone; logged out it opens the login form. */
  onPlay: (game: CasinoGame) => void;
  onToggleFavorite: (game: CasinoGame) => void;
  busy?: boolean;
};

/**
 * A game tile: its art (lazy, fixed 4:3 box), name and provider in one button that plays it, and
 * a heart button in the corner (aria-pressed: a favourite).
 */
export const GameTile = memo(function GameTile({
  game,
  favorite,
  onPlay,
  onToggleFavorite,
  busy,
}: GameTileProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <li className="game-tile" data-testid="game-tile" data-code={String(game.gameCode)}>
      <button type="button" className="game-tile__play" onClick={() => onPlay(game)}>
        <span className="game-tile__art">
          {game.imageUrl && !failed ? (
            <img
              src={game.imageUrl}
              alt=""
              width={TILE_IMAGE_WIDTH}
              height={TILE_IMAGE_HEIGHT}
              loading="lazy"
              decoding="async"
              onError={() => setFailed(true)}
            />
          ) : (
            <span className="game-tile__fallback" aria-hidden="true">
              <Icon name={game.isLive ? 'live' : 'slots'} size={40} />
            </span>
          )}
          <span className="game-tile__hover" aria-hidden="true">
            <span className="game-tile__cta">{t('casino.play.play')}</span>
          </span>
          {game.isNew ? <span className="game-tile__badge">{t('casino.new')}</span> : null}
        </span>
        <span className="game-tile__name">{game.name}</span>
        <span className="game-tile__provider">{game.providerName}</span>
      </button>
      <button
        type="button"
        className={`game-tile__fav${favorite ? ' is-on' : ''}`}
        aria-pressed={favorite}
        aria-label={t('casino.favorite.label', { name: game.name })}
        disabled={busy}
        onClick={() => onToggleFavorite(game)}
      >
        <Icon name="heart" size={18} />
      </button>
    </li>
  );
});

/** A tile's placeholder while the lobby loads. */
export function TileSkeleton() {
  return (
    <li className="game-tile game-tile--skeleton" aria-hidden="true">
      <span className="game-tile__art cz-skeleton" />
      <span className="game-tile__line cz-skeleton" />
      <span className="game-tile__line game-tile__line--short cz-skeleton" />
    </li>
  );
}
