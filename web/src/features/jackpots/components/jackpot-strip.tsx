import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import './jackpot-strip.css';

/** Only High Cash and Clover Chance, in that order, 4 levels each (spec section 9). */
export const SHOWN_JACKPOTS = ['High Cash', 'Clover Chance'] as const;
export const JACKPOT_LEVELS = 4;

/** An EGT jackpot card of the bootstrap (egtJackpotCards). */
export type JackpotCard = {
  instanceName: string;
  levelStats: { level?: string; name?: string; amount: number }[];
};

export function pickJackpots(cards: readonly JackpotCard[]) {
  return SHOWN_JACKPOTS.flatMap((name) => {
    const card = cards.find((c) => c.instanceName.toLowerCase() === name.toLowerCase());
    if (!card) return [];
    const levels = [...card.levelStats]
      .sort((a, b) => b.amount - a.amount)
      .slice(0, JACKPOT_LEVELS);
    return [{ name: card.instanceName, levels }];
  });
}

const suitSymbol: Record<string, string> = {
  spades: '♠',
  hearts: '♥',
  diamonds: '♦',
  clubs: '♣',
};

/** High Cash and Clover Chance from the bootstrap's cards (the app layer passes them). */
export function JackpotStrip({ egtJackpotCards }: { egtJackpotCards: JackpotCard[] | undefined }) {
  const { t } = useTranslation();
  const cards = pickJackpots(egtJackpotCards ?? []);
  if (cards.length === 0) return null;
  return (
    <section className="jackpots" aria-labelledby="jackpots-title">
      <div className="section-head">
        <h2 id="jackpots-title" className="section-title">
          <Icon name="trophy" className="section-title__icon section-title__icon--gold" />
          {t('home.jackpots')}
        </h2>
      </div>
      <div className="jackpots__grid">
        {cards.map((card, i) => (
          <article key={card.name} className={`jackpot jackpot--${i === 0 ? 'cash' : 'clover'}`}>
            <header className="jackpot__head">
              <span className="jackpot__badge">{t('home.jackpotLive')}</span>
              <h3 className="jackpot__name">{card.name}</h3>
            </header>
            <ol className="jackpot__levels">
              {card.levels.map((level, index) => {
                const suit = suitSymbol[(level.name ?? '').toLowerCase()] ?? '★';
                return (
                  <li
                    key={`${level.level}-${index}`}
                    className={`jackpot__level jackpot__level--${index}`}
                  >
                    <span
                      className={`jackpot__suit jackpot__suit--${(level.name ?? '').toLowerCase()}`}
                      aria-hidden="true"
                    >
                      {suit}
                    </span>
                    <span className="jackpot__level-name">{level.name ?? level.level}</span>
                    <span className="jackpot__amount">{formatMoney(level.amount)}</span>
                  </li>
                );
              })}
            </ol>
          </article>
        ))}
      </div>
    </section>
  );
}
