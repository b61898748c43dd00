import { useState } from 'react';
import type { BetView } from './api';
import { formatDateTime, formatLira, formatPrice } from './format';
import type { Lang } from './params';
import { hundredths } from './slip';
import type { BetKind } from './slip';
import type { T, TextKey } from './texts';
import { marketName, selectionName } from './texts';
import type { SlipNotice } from './Slip';
import { kindLabel } from './Slip';

/** The slip's kind as the server stores it (`{"kind":"system","size":2}`, `{"kind":"cover","cover":"trixie"}`). */
export function parseBetKind(raw: string): BetKind {
  try {
    const k = JSON.parse(raw) as { kind?: string; size?: number; cover?: string };
    if (k.kind === 'system' && typeof k.size === 'number') return { kind: 'system', size: k.size };
    if (
      k.kind === 'cover' &&
      (k.cover === 'trixie' || k.cover === 'yankee' || k.cover === 'canadian')
    ) {
      return { kind: k.cover };
    }
    if (k.kind === 'combo') return { kind: 'combo' };
  } catch {
    // A plain word.
    if (raw === 'combo') return { kind: 'combo' };
  }
  return { kind: 'single' };
}

export interface CashOutOffer {
  betId: number;
  value: number;
}

export function MyBets({
  lang,
  t,
  bets,
  loggedIn,
  busy,
  confirm,
  notice,
  onCashOut,
}: {
  lang: Lang;
  t: T;
  bets: BetView[] | null;
  loggedIn: boolean;
  busy: number | null;
  /** A new cash-out value the server answered, to confirm. */
  confirm: CashOutOffer | null;
  /** What the last cash-out answered. */
  notice: SlipNotice | null;
  onCashOut: (betId: number, amount: number) => void;
}) {
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  if (!loggedIn) return <p className="empty">{t('loginForBets')}</p>;
  if (!bets) return <p className="empty">{t('loading')}</p>;
  const shown = bets.filter(
    (b) => (b.state === 'open' || b.state === 'pending') === (tab === 'open'),
  );
  return (
    <div className="mybets">
      <div className="subtabs" role="group" aria-label={t('myBets')}>
        {(['open', 'settled'] as const).map((x) => (
          <button
            key={x}
            type="button"
            className="subtab"
            aria-pressed={tab === x}
            onClick={() => setTab(x)}
          >
            {t(x)}
          </button>
        ))}
      </div>
      {notice && (
        <p className={`notice notice-${notice.kind}`} role="status">
          {notice.text}
        </p>
      )}
      {shown.length === 0 && <p className="empty">{t('noBets')}</p>}
      <ul className="bets">
        {shown.map((b) => {
          const kind = parseBetKind(b.kind);
          const offer = confirm?.betId === b.id ? confirm.value : null;
          return (
            <li key={b.id} className="bet" data-bet-id={b.id}>
              <div className="bet-head">
                <span className="bet-kind">{kindLabel(t, kind, b.legs.length)}</span>
                <span className={`state state-${b.state}`}>{t(`st_${b.state}` as TextKey)}</span>
                <span className="bet-date">{formatDateTime(b.placedAt, lang)}</span>
              </div>
              <ul className="bet-legs">
                {b.legs.map((l, i) => (
                  <li key={i} className="bet-leg">
                    <div className="bet-leg-main">
                      <span className="leg-event">
                        {l.home} – {l.away}
                        {l.eventState !== 'scheduled' && (
                          <span className="bet-score">
                            {' '}
                            ({l.score[0]}-{l.score[1]})
                          </span>
                        )}
                      </span>
                      <span className="leg-market">
                        {marketName(t, lang, l.market, l.line)}:{' '}
                        <strong>
                          {selectionName(t, l.selection, {
                            lang,
                            market: l.market,
                            line: l.line,
                            home: l.home,
                            away: l.away,
                          })}
                        </strong>
                      </span>
                    </div>
                    <span className="bet-leg-price">{formatPrice(hundredths(l.price), lang)}</span>
                    <span className={`result result-${l.result}`}>
                      {t(`res_${l.result}` as TextKey)}
                    </span>
                  </li>
                ))}
              </ul>
              <dl className="bet-money">
                <div>
                  <dt>{t('stakeLabel')}</dt>
                  <dd>{formatLira(b.stake, lang)}</dd>
                </div>
                {b.state === 'open' || b.state === 'pending' ? (
                  <div>
                    <dt>{t('potential')}</dt>
                    <dd>{formatLira(b.potential, lang)}</dd>
                  </div>
                ) : (
                  <div>
                    <dt>{t('payout')}</dt>
                    <dd>{formatLira(b.payout, lang)}</dd>
                  </div>
                )}
              </dl>
              {b.state === 'open' && (offer != null || b.cashOut != null) && (
                <div className="cashout">
                  {offer != null && (
                    <p className="notice notice-info" role="status">
                      {t('cashOutChanged', { amount: formatLira(offer, lang) })}
                    </p>
                  )}
                  <button
                    type="button"
                    className="primary"
                    disabled={busy === b.id}
                    onClick={() => onCashOut(b.id, offer ?? b.cashOut ?? 0)}
                  >
                    {offer != null
                      ? t('confirmCashOut', { amount: formatLira(offer, lang) })
                      : t('cashOutFor', { amount: formatLira(b.cashOut ?? 0, lang) })}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
