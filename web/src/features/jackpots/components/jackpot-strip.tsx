import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { useAmusnetJackpot, type AmusnetLevel } from '../api/get-amusnet-jackpot';
import { useJackpots, type JackpotCard, type JackpotLevel } from '../api/get-jackpots';
import { useCountUp } from './use-count-up';
import './jackpot-strip.css';

const suits: Record<string, { symbol: string; key: string }> = {
  spades: { symbol: '♠', key: 'home.jackpotSuit.spades' },
  hearts: { symbol: '♥', key: 'home.jackpotSuit.hearts' },
  diamonds: { symbol: '♦', key: 'home.jackpotSuit.diamonds' },
  clubs: { symbol: '♣', key: 'home.jackpotSuit.clubs' },
};

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
        {suit?.symbol ?? '★'}
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
