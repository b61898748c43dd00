import type { EventView, MarketView, SelectionView } from './api';
import { priceOf } from './api';
import { formatKickOff, formatPrice } from './format';
import type { Move } from './legs';
import type { Lang } from './params';
import { hundredths } from './slip';
import type { MarketGroup, T } from './texts';
import { marketGroup, marketName, selectionName } from './texts';

export interface PickProps {
  lang: Lang;
  t: T;
  highRate: boolean;
  selected: Set<number>;
  moves: Map<number, Move>;
  onPick: (event: EventView, market: MarketView, s: SelectionView) => void;
}

function PriceButton({
  event,
  market,
  s,
  lang,
  t,
  highRate,
  selected,
  moves,
  onPick,
}: PickProps & { event: EventView; market: MarketView; s: SelectionView }) {
  const open = s.offered && market.state === 'active' && event.state !== 'finished';
  const price = hundredths(priceOf(s, highRate));
  const boosted = highRate && s.boosted != null;
  const move = moves.get(s.id);
  const label = selectionName(t, s.key);
  // The name gives the match and the market, then what the button shows in its order (the key,
  // the price, a High Rate's struck regular price), so the visible text is part of it (WCAG 2.5.3,
  // label in name: a voice user's "click 2,15" finds it); a closed one says why after that.
  const was = boosted ? ` ${formatPrice(hundredths(s.price), lang)}` : '';
  const closed = open ? '' : `, ${t(market.state === 'suspended' ? 'suspended' : 'notOffered')}`;
  const name = `${event.home} – ${event.away}, ${marketName(t, lang, market.key, market.line)}: ${label}${
    open ? ` ${formatPrice(price, lang)}` : ''
  }${was}${closed}${boosted ? ` (${t('highRate')})` : ''}`;
  return (
    <button
      type="button"
      className={`price${boosted ? ' boosted' : ''}`}
      aria-pressed={selected.has(s.id)}
      aria-label={name}
      disabled={!open}
      onClick={() => onPick(event, market, s)}
    >
      <span className="price-key">{label}</span>{' '}
      {open ? (
        <span key={price} className={`price-val${move ? ` move-${move}` : ''}`}>
          {move === 'up' ? '▲' : move === 'down' ? '▼' : ''}
          {formatPrice(price, lang)}
        </span>
      ) : (
        <span className="price-val locked" aria-hidden="true">
          <svg
            className="lock-icon"
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        </span>
      )}
      {boosted && ' '}
      {boosted && (
        <span className="price-was" aria-hidden="true">
          {formatPrice(hundredths(s.price), lang)}
        </span>
      )}
    </button>
  );
}

/** The clock or kick-off of an event, and its score when it is in play. */
export function EventTime({ event, lang, t }: { event: EventView; lang: Lang; t: T }) {
  if (event.state === 'live') {
    const clock =
      event.sport === 'tennis' || event.sport === 'volleyball'
        ? t('set', { n: Math.floor(event.clock) + 1 })
        : `${Math.floor(event.clock)}'`;
    return (
      <span className="ev-time live">
        <span className="live-dot" aria-hidden="true" />
        {t('live')} · {clock}
      </span>
    );
  }
  if (event.state === 'finished') return <span className="ev-time">{t('finished')}</span>;
  return (
    <span className="ev-time">
      {formatKickOff(event.startsAt, lang, t('today'), t('tomorrow'))}
    </span>
  );
}

export function EventList({
  events,
  onOpen,
  ...pick
}: PickProps & { events: EventView[]; onOpen: (id: number) => void }) {
  const groups = new Map<string, EventView[]>();
  for (const e of events) {
    const list = groups.get(e.competitionName) ?? [];
    list.push(e);
    groups.set(e.competitionName, list);
  }
  return (
    <div className="competitions">
      {[...groups].map(([name, list]) => (
        <section key={name} className="competition" aria-label={name}>
          <h2 className="competition-name">{name}</h2>
          <ul className="events">
            {list.map((e) => (
              <li key={e.id} className="ev" data-event-id={e.id}>
                <button type="button" className="ev-open" onClick={() => onOpen(e.id)}>
                  <EventTime event={e} lang={pick.lang} t={pick.t} />
                  <span className="ev-teams">
                    <span className="team">
                      <span className="team-name">{e.home}</span>
                      {e.state === 'live' && <span className="team-score">{e.score[0]}</span>}
                    </span>
                    <span className="team">
                      <span className="team-name">{e.away}</span>
                      {e.state === 'live' && <span className="team-score">{e.score[1]}</span>}
                    </span>
                  </span>
                  <span className="visually-hidden">{pick.t('allMarkets')}</span>
                </button>
                {e.markets.slice(0, pick.highRate ? undefined : 1).map((m) => (
                  <div key={m.id} className="ev-prices" data-count={m.selections.length}>
                    {pick.highRate && (
                      <span className="ev-market">
                        {marketName(pick.t, pick.lang, m.key, m.line)}
                        {m.selections.some((x) => x.boosted != null) && (
                          <span className="badge-hr">{pick.t('highRate')}</span>
                        )}
                      </span>
                    )}
                    {m.selections.map((s) => (
                      <PriceButton key={s.id} event={e} market={m} s={s} {...pick} />
                    ))}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const GROUP_ORDER: MarketGroup[] = ['g_main', 'g_goals', 'g_handicap', 'g_half', 'g_score'];

export function EventDetail({
  event,
  onBack,
  ...pick
}: PickProps & { event: EventView; onBack: () => void }) {
  const { t, lang } = pick;
  const groups = GROUP_ORDER.map((g) => ({
    g,
    markets: event.markets.filter((m) => marketGroup(m.key) === g),
  })).filter((x) => x.markets.length > 0);
  return (
    <article className="detail" aria-labelledby="detail-title">
      <div className="detail-head">
        <button type="button" className="back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t('back')}
        </button>
        <span className="detail-comp">{event.competitionName}</span>
      </div>
      <div className="scoreboard">
        <h2 id="detail-title" className="detail-teams">
          <span>{event.home}</span>
          {event.state === 'live' || event.state === 'finished' ? (
            <span
              className="detail-score"
              aria-label={`${t('score')} ${event.score[0]}-${event.score[1]}`}
            >
              {event.score[0]} - {event.score[1]}
            </span>
          ) : (
            <span className="detail-vs" aria-hidden="true">
              –
            </span>
          )}
          <span>{event.away}</span>
        </h2>
        <EventTime event={event} lang={lang} t={t} />
      </div>
      {groups.map(({ g, markets }) => (
        <section key={g} className="market-group" aria-label={t(g)}>
          <h3 className="group-name">{t(g)}</h3>
          {markets.map((m) => (
            <div key={m.id} className="market">
              <h4 className="market-name">
                {marketName(t, lang, m.key, m.line)}
                {m.state === 'suspended' && <span className="tag">{t('suspended')}</span>}
                {pick.highRate && m.selections.some((s) => s.boosted != null) && (
                  <span className="badge-hr">{t('highRate')}</span>
                )}
              </h4>
              <div className={`market-prices${m.selections.length === 2 ? ' two' : ''}`}>
                {m.selections.map((s) => (
                  <PriceButton key={s.id} event={event} market={m} s={s} {...pick} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}
