import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { useAmusnetJackpot, type AmusnetLevel } from '../api/get-amusnet-jackpot';
import { useJackpots, type JackpotCard, type JackpotLevel } from '../api/get-jackpots';
import { useCountUp } from './use-count-up';
import './jackpot-strip.css';

// The suits are drawn, not typed: ♠ ♥ ♦ ♣ are not in the site's font, and a phone looks for a
// font that has them (slow on the first page), then draws them in whatever it found.
const suits: Record<string, { path: string; key: string }> = {
  spades: {
    path: 'M12 2C9 6 4 9 4 13.5a4 4 0 0 0 7 2.6L10 22h4l-1-5.9a4 4 0 0 0 7-2.6C20 9 15 6 12 2z',
    key: 'home.jackpotSuit.spades',
  },
  hearts: {
    path: 'M12 21s-8.5-5.4-8.5-11.3A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8.5 2.7C20.5 15.6 12 21 12 21z',
    key: 'home.jackpotSuit.hearts',
  },
  diamonds: { path: 'M12 2l7.5 10L12 22l-7.5-10z', key: 'home.jackpotSuit.diamonds' },
  clubs: {
    path: 'M12 2.5a4 4 0 0 0-3.6 5.8 4 4 0 1 0 2.8 6.9L10 22h4l-1.2-6.8a4 4 0 1 0 2.8-6.9A4 4 0 0 0 12 2.5z',
    key: 'home.jackpotSuit.clubs',
  },
};
const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** A jackpot amount: counts up to a new value (see `useCountUp`), in tabular figures. */
function Amount({ value }: { value: number }) {
  const shown = useCountUp(value);
  return <span className="jackpot__amount">{formatMoney(shown)}</span>;
}

function EgtLevel({ level, index }: { level: JackpotLevel; index: number }) {
  const { t } = useTranslation();
  const suitName = (level.name ?? '').toLowerCase();
  const suit = suits[suitName];
  return (
    <li className={`jackpot__level jackpot__level--${index}`} data-level={level.level}>
      <span className={`jackpot__suit jackpot__suit--${suitName}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" focusable="false">
          <path d={suit?.path ?? STAR} />
        </svg>
      </span>
      <span className="jackpot__level-name">
        {suit ? t(suit.key) : (level.name ?? level.level)}
      </span>
      <Amount value={level.amount} />
    </li>
  );
}

function AmusnetCard({ levels }: { levels: AmusnetLevel[] }) {
  const { t } = useTranslation();
  return (
    <article
      className="jackpot jackpot--amusnet"
      aria-labelledby="jackpot-amusnet-title"
      data-testid="amusnet-jackpot"
    >
      <header className="jackpot__head">
        <span className="jackpot__badge">{t('home.jackpotLive')}</span>
        <h3 id="jackpot-amusnet-title" className="jackpot__name">
          {t('home.amusnetJackpot')}
        </h3>
      </header>
      <ol className="jackpot__levels jackpot__levels--row">
        {levels.map((l, index) => (
          <li
            key={l.level}
            className={`jackpot__level jackpot__level--${index}`}
            data-level={l.level}
          >
            <span className="jackpot__suit jackpot__suit--roman" aria-hidden="true">
              {l.level}
            </span>
            <span className="jackpot__level-name">
              {t('home.jackpotLevel', { level: l.level })}
            </span>
            <Amount value={l.amount} />
          </li>
        ))}
      </ol>
    </article>
  );
}

/**
 * High Cash and Clover Chance, live (casino/jackpots every 5 s, starting from the bootstrap's
 * cards that the app layer passes), and the Amusnet jackpot when its source has one.
 */
export function JackpotStrip({ egtJackpotCards }: { egtJackpotCards: JackpotCard[] | undefined }) {
  const { t } = useTranslation();
  const { jackpots } = useJackpots(egtJackpotCards);
  const amusnet = useAmusnetJackpot();
  if (jackpots.length === 0 && !amusnet) return null;
  return (
    <section className="jackpots" aria-labelledby="jackpots-title">
      <div className="section-head">
        <h2 id="jackpots-title" className="section-title">
          <Icon name="trophy" className="section-title__icon section-title__icon--gold" />
          {t('home.jackpots')}
        </h2>
      </div>
      <div className="jackpots__grid">
        {jackpots.map((card, i) => {
          const titleId = `jackpot-${i}-title`;
          return (
            <article
              key={card.name}
              className={`jackpot jackpot--${i === 0 ? 'cash' : 'clover'}`}
              aria-labelledby={titleId}
              data-jackpot={card.name}
            >
              <header className="jackpot__head">
                <span className="jackpot__badge">{t('home.jackpotLive')}</span>
                <h3 id={titleId} className="jackpot__name">
                  {card.name}
                </h3>
              </header>
              <ol className="jackpot__levels">
                {card.levels.map((level, index) => (
                  <EgtLevel key={level.level ?? index} level={level} index={index} />
                ))}
              </ol>
            </article>
          );
        })}
        {amusnet ? <AmusnetCard levels={amusnet} /> : null}
      </div>
    </section>
  );
}
