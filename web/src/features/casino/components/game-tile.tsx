import { memo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import type { CasinoGame } from '../api/schemas';
import { artHue, initials } from '../tile-art';

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
  /**
   * Other tiles show the same picture (a catalogue's placeholder): this one is marked with the
   * game's initials and its own hue (tile-art), so the two are told apart.
   */
  sharedArt?: boolean;
};

/**
 * A game tile: its art (lazy, fixed 4:3 box), name and provider in one button that plays it, and
 * a heart button in the corner (aria-pressed: a favourite). Without a picture, or with one other
 * tiles share, the art shows the game's initials on its own hue.
 */
export const GameTile = memo(function GameTile({
  game,
  favorite,
  onPlay,
  onToggleFavorite,
  busy,
  sharedArt = false,
}: GameTileProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const ownArt = Boolean(game.imageUrl) && !failed && !sharedArt;
  const hue = { '--art-hue': `${artHue(`${game.providerName}:${String(game.gameCode)}`)}deg` };
  return (
    <li className="game-tile" data-testid="game-tile" data-code={String(game.gameCode)}>
      <button type="button" className="game-tile__play" onClick={() => onPlay(game)}>
        <span
          className={`game-tile__art${ownArt ? '' : ' game-tile__art--marked'}`}
          style={ownArt ? undefined : (hue as CSSProperties)}
        >
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
          {ownArt ? null : (
            <span className="game-tile__mark" aria-hidden="true" data-testid="game-mark">
              {initials(game.name)}
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
