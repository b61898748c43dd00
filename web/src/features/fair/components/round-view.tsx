import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import type { PublishedGame, SlotInfo, WaysInfo } from '../api/get-published';
import {
  baccaratTotal,
  type CrashRound,
  type JackpotDraw,
  type Recomputed,
  type SlotSpin,
  type WaysSpin,
} from '../recompute';
import { cardName, isRedCard, rouletteColour } from '../cards';

type Lang = 'tr' | 'en';

/** Lira of `kurus × units / per` kuruş (exact, rounded down as the server pays). */
function winMoney(bet: bigint, units: number, per: number): string {
  return formatMoney(Number((bet * BigInt(units)) / BigInt(per)) / 100);
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="fair-facts">{children}</dl>;
}

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="fair-facts__item">
      <dt>{label}</dt>
      <dd className="tabular" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A screen of symbols: one column per reel, top row first. */
function Screen({
  grid,
  name,
  caption,
  testId,
}: {
  grid: number[][];
  name: (id: number) => string;
  caption: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const rows = Math.max(...grid.map((r) => r.length));
  return (
    <div className="fair-screen__wrap">
      <table className="fair-screen" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {grid.map((_, reel) => (
              <th key={reel} scope="col">
                {t('fair.reel', { n: reel + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {grid.map((reel, r) => (
                <td key={r} className={reel[row] === undefined ? 'fair-screen__empty' : undefined}>
                  {reel[row] === undefined ? '' : name(reel[row])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function spinTitle(
  t: (k: string, o?: Record<string, unknown>) => string,
  index: number,
  free: boolean,
) {
  return free ? t('fair.slot.freeSpin', { n: index }) : t('fair.slot.baseSpin');
}

function SlotSpinView({
  spin,
  index,
  info,
  lang,
}: {
  spin: SlotSpin;
  index: number;
  info: SlotInfo;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const name = (id: number) => info.symbols[id]?.name[lang] ?? String(id);
  const title = spinTitle(t, index, spin.freeSpin);
  return (
    <section className="fair-spin" data-testid="fair-spin">
      <h3 className="fair-spin__title">{title}</h3>
      <Facts>
        <Fact label={t('fair.slot.stops')} testId={index === 0 ? 'fair-stops' : undefined}>
          {spin.stops.join(' · ')}
        </Fact>
        <Fact label={t('fair.slot.units')}>{spin.units}</Fact>
        {spin.multiplier > 1 ? (
          <Fact label={t('fair.slot.multiplier')}>×{spin.multiplier}</Fact>
        ) : null}
        {spin.freeSpinsAwarded > 0 ? (
          <Fact label={t('fair.slot.awarded')}>{spin.freeSpinsAwarded}</Fact>
        ) : null}
      </Facts>
      <Screen grid={spin.grid} name={name} caption={title} testId={`fair-screen-${index}`} />
      {spin.lineWins.length || spin.scatterUnits ? (
        <ul className="fair-wins">
          {spin.lineWins.map((w) => (
            <li key={w.line}>
              {t('fair.slot.lineWin', {
                line: w.line + 1,
                count: w.count,
                symbol: name(w.symbol),
                units: w.units,
              })}
            </li>
          ))}
          {spin.scatterUnits ? (
            <li>{t('fair.slot.scatterWin', { units: spin.scatterUnits })}</li>
          ) : null}
        </ul>
      ) : (
        <p className="fair-muted">{t('fair.slot.noWin')}</p>
      )}
    </section>
  );
}

function WaysSpinView({
  spin,
  index,
  info,
  lang,
}: {
  spin: WaysSpin;
  index: number;
  info: WaysInfo;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const name = (id: number) => info.symbols[id]?.name[lang] ?? String(id);
  const title = spinTitle(t, index, spin.freeSpin);
  return (
    <section className="fair-spin" data-testid="fair-spin">
      <h3 className="fair-spin__title">{title}</h3>
      <Facts>
        <Fact label={t('fair.ways.heights')}>{spin.heights.join(' · ')}</Fact>
        <Fact label={t('fair.slot.stops')} testId={index === 0 ? 'fair-stops' : undefined}>
          {spin.stops.join(' · ')}
        </Fact>
        <Fact label={t('fair.ways.ways')}>{spin.ways.toLocaleString(lang)}</Fact>
        <Fact label={t('fair.slot.units')}>{spin.units}</Fact>
        {spin.freeSpinsAwarded > 0 ? (
          <Fact label={t('fair.slot.awarded')}>{spin.freeSpinsAwarded}</Fact>
        ) : null}
      </Facts>
      <Screen grid={spin.grid} name={name} caption={title} testId={`fair-screen-${index}`} />
      {spin.wins.length ? (
        <ul className="fair-wins">
          {spin.wins.map((w) => (
            <li key={w.symbol}>
              {t('fair.ways.win', {
                symbol: name(w.symbol),
                reels: w.reels,
                ways: w.ways,
                units: w.units,
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="fair-muted">{t('fair.slot.noWin')}</p>
      )}
    </section>
  );
}

function Jackpots({ draws, hasBet }: { draws: JackpotDraw[]; hasBet: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="fair-block">
      <h3 className="fair-block__title">{t('fair.jackpots.title')}</h3>
      <p className="fair-muted">{t('fair.jackpots.rule')}</p>
      <div className="fair-table__wrap">
        <table className="fair-table">
          <caption className="visually-hidden">{t('fair.jackpots.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fair.jackpots.jackpot')}</th>
              <th scope="col">{t('fair.jackpots.level')}</th>
              <th scope="col">{t('fair.jackpots.number')}</th>
            </tr>
          </thead>
          <tbody>
            {draws.flatMap((d) =>
              d.levels.map((l) => (
                <tr key={`${d.name}-${l.level}`}>
                  <th scope="row">{d.name}</th>
                  <td>{l.level}</td>
                  <td className="fair-mono">{l.number}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      {hasBet ? (
        <ul className="fair-wins" data-testid="fair-jackpot-won">
          {draws.map((d) => (
            <li key={d.name}>
              {d.won
                ? t('fair.jackpots.won', { name: d.name, level: d.won })
                : t('fair.jackpots.none', { name: d.name })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Card({ card }: { card: number }) {
  return (
    <span className={`fair-card${isRedCard(card) ? ' fair-card--red' : ''}`}>{cardName(card)}</span>
  );
}

function Cards({ cards, label }: { cards: number[]; label: string }) {
  return (
    <span className="fair-cards" role="group" aria-label={label}>
      {cards.map((c, i) => (
        <Card key={i} card={c} />
      ))}
    </span>
  );
}

/** The recomputed round of a seeded game. */
export function RoundView({
  game,
  result,
  bet,
  lang,
}: {
  game: PublishedGame;
  result: Recomputed;
  bet: bigint | null;
  lang: Lang;
}) {
  const { t } = useTranslation();
  if (result.kind === 'slot') {
    if (game.kind !== 'slot') return null;
    const { outcome } = result;
    const free = outcome.spins.length - 1;
    return (
      <>
        <Facts>
          <Fact label={t('fair.slot.totalUnits')} testId="fair-win-units">
            {outcome.winUnits}
          </Fact>
          <Fact label={t('fair.slot.freeSpins')}>{free}</Fact>
          {bet !== null ? (
            <Fact label={t('fair.win')} testId="fair-win">
              {winMoney(bet, outcome.winUnits, game.info.paylines.length)}
            </Fact>
          ) : null}
        </Facts>
        <p className="fair-muted">
          {t('fair.slot.unitsRule', { lines: game.info.paylines.length })}
        </p>
        {outcome.spins.map((s, i) => (
          <SlotSpinView key={i} spin={s} index={i} info={game.info} lang={lang} />
        ))}
        <Jackpots draws={result.jackpots} hasBet={bet !== null} />
      </>
    );
  }
  if (result.kind === 'ways') {
    if (game.kind !== 'ways') return null;
    const { outcome } = result;
    return (
      <>
        <Facts>
          <Fact label={t('fair.slot.totalUnits')} testId="fair-win-units">
            {outcome.winUnits}
          </Fact>
          <Fact label={t('fair.slot.freeSpins')}>{outcome.spins.length - 1}</Fact>
          {bet !== null ? (
            <Fact label={t('fair.win')} testId="fair-win">
              {winMoney(bet, outcome.winUnits, game.info.unitsPerBet)}
            </Fact>
          ) : null}
        </Facts>
        <p className="fair-muted">{t('fair.ways.unitsRule')}</p>
        {outcome.spins.map((s, i) => (
          <WaysSpinView key={i} spin={s} index={i} info={game.info} lang={lang} />
        ))}
        <Jackpots draws={result.jackpots} hasBet={bet !== null} />
      </>
    );
  }
  const draw = result.outcome;
  switch (draw.game) {
    case 'roulette': {
      const colour = rouletteColour(draw.number, game.kind === 'roulette' ? game.info.red : []);
      return (
        <div className="fair-big">
          <span className={`fair-ball fair-ball--${colour}`} data-testid="fair-number">
            {draw.number}
          </span>
          <p>{t(`fair.roulette.${colour}`)}</p>
        </div>
      );
    }
    case 'keno':
      return (
        <div className="fair-block">
          <h3 className="fair-block__title">{t('fair.keno.drawn')}</h3>
          <ol className="fair-balls" data-testid="fair-keno">
            {draw.drawn.map((n) => (
              <li key={n} className="fair-ball fair-ball--small">
                {n}
              </li>
            ))}
          </ol>
          <p className="fair-muted">{t('fair.keno.order')}</p>
        </div>
      );
    case 'wheel':
      return (
        <Facts>
          <Fact label={t('fair.wheel.segment')} testId="fair-segment">
            {draw.segment + 1}
          </Fact>
          <Fact label={t('fair.wheel.mark')}>×{draw.mark}</Fact>
        </Facts>
      );
    case 'baccarat': {
      const [p, b] = [baccaratTotal(draw.player), baccaratTotal(draw.banker)];
      const winner = p > b ? 'player' : b > p ? 'banker' : 'tie';
      return (
        <>
          <Facts>
            <Fact label={t('fair.baccarat.player', { total: p })}>
              <Cards cards={draw.player} label={t('fair.baccarat.player', { total: p })} />
            </Fact>
            <Fact label={t('fair.baccarat.banker', { total: b })}>
              <Cards cards={draw.banker} label={t('fair.baccarat.banker', { total: b })} />
            </Fact>
          </Facts>
          <p className="fair-verdict" data-testid="fair-baccarat">
            {t(`fair.baccarat.wins.${winner}`)}
          </p>
        </>
      );
    }
    case 'blackjack':
      return (
        <div className="fair-block">
          <Facts>
            <Fact label={t('fair.blackjack.player')}>
              <Cards cards={[draw.cards[0], draw.cards[2]]} label={t('fair.blackjack.player')} />
            </Fact>
            <Fact label={t('fair.blackjack.dealer')}>
              <Cards cards={[draw.cards[1], draw.cards[3]]} label={t('fair.blackjack.dealer')} />
            </Fact>
          </Facts>
          <h3 className="fair-block__title">{t('fair.blackjack.shoe')}</h3>
          <ol className="fair-shoe" data-testid="fair-shoe">
            {draw.cards.map((c, i) => (
              <li key={i}>
                <Card card={c} />
              </li>
            ))}
          </ol>
          <p className="fair-muted">{t('fair.blackjack.order')}</p>
        </div>
      );
  }
}

/** A recomputed crash round. */
export function CrashView({ round, lang }: { round: CrashRound; lang: Lang }) {
  const { t } = useTranslation();
  const x = (round.point / 100).toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <Facts>
      <Fact label={t('fair.crash.point')} testId="fair-crash-point">
        {x}×
      </Fact>
      <Fact label={t('fair.crash.previous')}>
        <code className="fair-mono">{round.previousHash}</code>
      </Fact>
    </Facts>
  );
}
