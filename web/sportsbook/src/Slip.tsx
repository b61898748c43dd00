import { useId, useState } from 'react';
import type { BookRules } from './api';
import { formatKurus, formatPrice, formatStakeInput } from './format';
import type { Leg, Quote } from './legs';
import type { Lang } from './params';
import { breachOf, limitsOf, liveDelayOf } from './rules';
import type { BetKind, SlipError } from './slip';
import { comboPrice, parseStake, priceHundredths, systemKinds, totals } from './slip';
import type { T } from './texts';
import { marketName, selectionName } from './texts';

export type Tab = 'single' | 'combo' | 'system';
export type OddsChoice = 'any' | 'higher' | 'none';

export interface SlipNotice {
  kind: 'ok' | 'error' | 'pending' | 'info';
  text: string;
}

export interface SlipProps {
  lang: Lang;
  t: T;
  legs: Leg[];
  quotes: Map<number, Quote>;
  /** A High Rate view: its own stake limit. */
  highRate: boolean;
  /** The book's rules (null until they have loaded: the slip then states none). */
  rules: BookRules | null;
  placing: boolean;
  notice: SlipNotice | null;
  onRemove: (selectionId: number) => void;
  onClear: () => void;
  onAccept: () => void;
  onPlace: (kind: BetKind, stakeEach: number, choice: OddsChoice) => void;
}

export function kindLabel(t: T, kind: BetKind, legs: number): string {
  switch (kind.kind) {
    case 'single':
    case 'combo':
    case 'trixie':
    case 'yankee':
    case 'canadian':
      return t(kind.kind);
    case 'system':
      return `${t('system')} ${kind.size}/${legs}`;
  }
}

const ERRORS: Partial<Record<SlipError, 'errSameEvent' | 'errLegCount' | 'errBadSystem'>> = {
  sameEvent: 'errSameEvent',
  legCount: 'errLegCount',
  badSystem: 'errBadSystem',
};

export function BetSlip(props: SlipProps) {
  const { lang, t, legs, quotes, rules } = props;
  const [tab, setTab] = useState<Tab | null>(null);
  const [systemIndex, setSystemIndex] = useState(0);
  const [stakeText, setStakeText] = useState('10');
  const [choice, setChoice] = useState<OddsChoice>('higher');
  const id = useId();

  const n = legs.length;
  const systems = systemKinds(n);
  // The tab the player chose while it fits the slip; otherwise a single for one leg, a combo for more.
  const effectiveTab: Tab =
    tab === 'system' && systems.length > 0
      ? 'system'
      : tab === 'single' || n < 2
        ? 'single'
        : 'combo';
  const kind: BetKind =
    effectiveTab === 'system'
      ? (systems[Math.min(systemIndex, systems.length - 1)] ?? { kind: 'combo' })
      : { kind: effectiveTab };
  const stake = parseStake(stakeText, lang);
  const result = totals(kind, legs, stake ?? 0);
  const changed = legs.filter((l) => {
    const q = quotes.get(l.selectionId);
    return q && q.offered && q.price !== l.price;
  });
  const closed = legs.filter((l) => quotes.get(l.selectionId)?.offered === false);

  // The book's rules where they bite: what the server would refuse, said before Place Bet.
  const limits = rules ? limitsOf(rules, props.highRate) : null;
  const validStake = stake !== null && stake > 0;
  const breach = limits && validStake ? breachOf(kind, legs, stake, limits) : null;
  const delay = rules
    ? liveDelayOf(
        legs.map((l) => {
          const q = quotes.get(l.selectionId);
          return { live: q?.live ?? l.live, sport: q?.sport ?? l.sport ?? null };
        }),
        rules.liveDelays,
      )
    : null;
  const slipError = typeof result === 'string' ? (ERRORS[result] ?? null) : null;
  const stakeError = !validStake
    ? t('errStake')
    : limits && breach?.stake === 'low'
      ? t('errStakeLow', { amount: formatKurus(limits.minStake, lang) })
      : limits && breach?.stake === 'high'
        ? t('errStakeHigh', { amount: formatKurus(limits.maxStake, lang) })
        : null;
  const payoutError =
    limits && breach?.payout
      ? t('errPayoutHigh', { amount: formatKurus(limits.maxPayout, lang) })
      : null;

  const ids = {
    range: `${id}-range`,
    stake: `${id}-stake-error`,
    payout: `${id}-payout-error`,
    slip: `${id}-slip-error`,
    closed: `${id}-closed-error`,
  };
  // Why Place Bet is off, each said where it bites and read with the button.
  const reasons = [
    stakeError && ids.stake,
    payoutError && ids.payout,
    slipError && ids.slip,
    closed.length > 0 && ids.closed,
  ].filter((x): x is string => typeof x === 'string');

  if (n === 0) {
    return (
      <div className="slip-body">
        <div className="slip-scroll">
          <p className="slip-empty">{t('slipEmpty')}</p>
          {props.notice && <Notice notice={props.notice} />}
        </div>
      </div>
    );
  }

  return (
    <div className="slip-body">
      <div className="slip-scroll">
        <div className="slip-tabs" role="group" aria-label={t('slip')}>
          {(['single', 'combo', 'system'] as Tab[]).map((x) => (
            <button
              key={x}
              type="button"
              className="slip-tab"
              aria-pressed={effectiveTab === x}
              disabled={(x === 'combo' && n < 2) || (x === 'system' && systems.length === 0)}
              onClick={() => setTab(x)}
            >
              {t(x)}
            </button>
          ))}
        </div>
        <ul className="legs">
          {legs.map((l) => {
            const q = quotes.get(l.selectionId);
            const moved =
              q && q.offered && q.price !== l.price ? (q.price > l.price ? 'up' : 'down') : null;
            const name = selectionName(t, l.selectionKey, {
              lang,
              market: l.marketKey,
              line: l.line,
              home: l.home,
              away: l.away,
            });
            return (
              <li
                key={l.selectionId}
                className={`leg${moved ? ' changed' : ''}${q?.offered === false ? ' closed' : ''}`}
              >
                <div className="leg-main">
                  <span className="leg-sel">{name}</span>
                  <span className="leg-market">{marketName(t, lang, l.marketKey, l.line)}</span>
                  <span className="leg-event">
                    {l.live && <span className="live-dot" aria-hidden="true" />}
                    {l.home} – {l.away}
                  </span>
                  {q?.offered === false && <span className="leg-warn">{t('legSuspended')}</span>}
                </div>
                <div className="leg-price">
                  {moved && q ? (
                    <>
                      <s className="was">{formatPrice(l.price, lang)}</s>
                      <span className={`now move-${moved}`}>
                        {moved === 'up' ? '▲' : '▼'}
                        {formatPrice(q.price, lang)}
                      </span>
                    </>
                  ) : (
                    <span className="now">{formatPrice(l.price, lang)}</span>
                  )}
                </div>
                <button
                  type="button"
                  className="leg-remove"
                  aria-label={`${t('remove')}: ${l.home} – ${l.away}, ${name}`}
                  onClick={() => props.onRemove(l.selectionId)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" className="link-button" onClick={props.onClear}>
          {t('clearSlip')}
        </button>

        {effectiveTab === 'system' && (
          <label className="field">
            <span>{t('systemKind')}</span>
            <select
              value={Math.min(systemIndex, systems.length - 1)}
              onChange={(e) => setSystemIndex(Number(e.target.value))}
            >
              {systems.map((k, i) => {
                const r = totals(k, legs, 1);
                return (
                  <option key={i} value={i}>
                    {kindLabel(t, k, n)}
                    {typeof r === 'string' ? '' : ` · ${t('bets', { n: r.bets })}`}
                  </option>
                );
              })}
            </select>
          </label>
        )}

        <label className="field">
          <span>{t('oddsChoice')}</span>
          <select value={choice} onChange={(e) => setChoice(e.target.value as OddsChoice)}>
            <option value="any">{t('oddsAny')}</option>
            <option value="higher">{t('oddsHigher')}</option>
            <option value="none">{t('oddsNone')}</option>
          </select>
        </label>
      </div>

      {/* The stake, the totals and Place Bet stay in view below the scrolling legs. */}
      <div className="slip-foot">
        <div className="stake-field">
          <label className="field">
            <span>{effectiveTab === 'combo' ? t('stake') : t('stakeEach')}</span>
            <span className="stake-input">
              <input
                inputMode="decimal"
                autoComplete="off"
                value={stakeText}
                aria-invalid={stakeError !== null}
                aria-describedby={
                  [stakeError && ids.stake, limits && ids.range].filter(Boolean).join(' ') ||
                  undefined
                }
                onChange={(e) => setStakeText(e.target.value)}
                onBlur={() => {
                  if (stake !== null) setStakeText(formatStakeInput(stake, lang));
                }}
              />
              <span className="currency" aria-hidden="true">
                ₺
              </span>
            </span>
          </label>
          {stakeError && (
            <p id={ids.stake} className="slip-error" role="alert">
              {stakeError}
            </p>
          )}
        </div>
        <div className="quick-stakes">
          {[10, 50, 100, 500].map((v) => (
            <button
              key={v}
              type="button"
              className="chip"
              onClick={() => setStakeText(formatStakeInput(v * 100, lang))}
            >
              {formatKurus(v * 100, lang)}
            </button>
          ))}
        </div>

        {limits && (
          <ul className="rules">
            <li id={ids.range}>
              {t('ruleStake', {
                min: formatKurus(limits.minStake, lang),
                max: formatKurus(limits.maxStake, lang),
              })}
            </li>
            <li>{t('ruleMaxPayout', { amount: formatKurus(limits.maxPayout, lang) })}</li>
            {delay !== null && <li className="rule-live">{t('ruleLiveDelay', { n: delay })}</li>}
          </ul>
        )}

        <dl className="totals">
          {kind.kind === 'combo' && typeof result !== 'string' && (
            <div>
              <dt>{t('totalOdds')}</dt>
              <dd>
                {formatPrice(
                  priceHundredths(
                    comboPrice(
                      legs,
                      legs.map((_, i) => i),
                    ),
                  ),
                  lang,
                )}
              </dd>
            </div>
          )}
          {typeof result !== 'string' && result.bets > 1 && (
            <div>
              <dt>{kindLabel(t, kind, n)}</dt>
              <dd>{t('bets', { n: result.bets })}</dd>
            </div>
          )}
          <div>
            <dt>{t('totalStake')}</dt>
            <dd>{typeof result === 'string' ? '–' : formatKurus(result.totalStake, lang)}</dd>
          </div>
          <div className={`potential${payoutError ? ' over' : ''}`}>
            <dt>{t('potential')}</dt>
            <dd>{typeof result === 'string' ? '–' : formatKurus(result.potential, lang)}</dd>
          </div>
        </dl>
        {payoutError && (
          <p id={ids.payout} className="slip-error" role="alert">
            {payoutError}
          </p>
        )}

        {slipError && (
          <p id={ids.slip} className="slip-error" role="alert">
            {t(slipError)}
          </p>
        )}
        {closed.length > 0 && (
          <p id={ids.closed} className="slip-error">
            {t('errSuspended')}
          </p>
        )}
        {props.notice && <Notice notice={props.notice} />}

        {changed.length > 0 ? (
          <div className="changes">
            <p>{t('pricesChanged')}</p>
            <button type="button" className="primary" onClick={props.onAccept}>
              {t('acceptChanges')}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="primary place"
            disabled={props.placing || reasons.length > 0}
            aria-describedby={reasons.length > 0 ? reasons.join(' ') : undefined}
            onClick={() => stake !== null && props.onPlace(kind, stake, choice)}
          >
            {props.placing ? t('placing') : t('placeBet')}
          </button>
        )}
      </div>
    </div>
  );
}

function Notice({ notice }: { notice: SlipNotice }) {
  return (
    <p className={`notice notice-${notice.kind}`} role="status">
      {notice.kind === 'pending' && <span className="spinner" aria-hidden="true" />}
      {notice.text}
    </p>
  );
}
