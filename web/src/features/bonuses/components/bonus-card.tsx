import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatDateTime, formatMoney, parseUtc } from '@/lib/format';
import { useForfeitBonus } from '../api/forfeit-bonus';
import type { BonusItem } from '../api/get-bonuses';
import { formatPercent, isBonusState, wagerProgress } from '../bonus-state';

const SOURCES = ['trial', 'promotion', 'operator'];

/** A server time as day.month.year hours:minutes in the language ('—' when missing). */
function when(value: string | null | undefined): string {
  const d = value ? parseUtc(value) : null;
  return d ? formatDateTime(d) : '—';
}

/** The wagering as an accessible bar: "Wagered X of Y", the percentage beside it. */
export function WagerBar({ item }: { item: BonusItem }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const progress = wagerProgress(item);
  const percent = formatPercent(progress.percent, i18n.language);
  const text = t('bonuses.wagered', {
    wagered: formatMoney(progress.wagered),
    required: formatMoney(progress.required),
  });
  return (
    <div className="bonus-progress">
      <div className="bonus-progress__row">
        <span id={labelId} className="bonus-progress__label">
          {t('bonuses.wagering')}
        </span>
        <span className="bonus-progress__percent tabular" aria-hidden="true">
          {percent}
        </span>
      </div>
      <div
        className="bonus-progress__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${percent}, ${text}`}
        data-testid="bonus-progress"
      >
        <span className="bonus-progress__fill" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="bonus-progress__text tabular">{text}</p>
    </div>
  );
}

/** Forfeit with its confirmation: what is lost is said before anything is sent. */
function Forfeit({ item }: { item: BonusItem }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const forfeit = useForfeitBonus();
  const questionId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        ref={openRef}
        type="button"
        className="btn btn--ghost btn--sm bonus-card__forfeit"
        onClick={() => setConfirming(true)}
      >
        <Icon name="close" size={16} />
        {t('bonuses.forfeit')}
      </button>
    );
  }
  return (
    <div className="bonus-confirm" role="group" aria-labelledby={questionId}>
      <p className="bonus-confirm__text">
        <strong id={questionId}>{t('bonuses.forfeitConfirm.title')}</strong>
        <span>{t('bonuses.forfeitConfirm.text', { balance: formatMoney(item.balance) })}</span>
      </p>
      <div className="bonus-confirm__actions">
        <button
          ref={keepRef}
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setConfirming(false)}
          disabled={forfeit.isPending}
        >
          {t('bonuses.forfeitConfirm.no')}
        </button>
        <button
          type="button"
          className="btn btn--sm bonus-btn-danger"
          onClick={() => forfeit.mutate(item.id)}
          disabled={forfeit.isPending}
          aria-busy={forfeit.isPending}
        >
          {forfeit.isPending ? t('common.loading') : t('bonuses.forfeitConfirm.yes')}
        </button>
      </div>
    </div>
  );
}

/**
 * A bonus: its title and source, the state, the amount granted, the bonus money it still holds,
 * the maximum bet, its expiry (or when it ended), the wagering bar, and Forfeit while active.
 */
export function BonusCard({ item }: { item: BonusItem }) {
  const { t } = useTranslation();
  const active = item.state === 'active';
  const dateLabel = active
    ? t('bonuses.expires')
    : item.state === 'expired'
      ? t('bonuses.expiredAt')
      : t('bonuses.endedAt');
  const date = active ? item.expiresAt : (item.endedAt ?? item.expiresAt);
  return (
    <article
      className={`bonus-card bonus-card--${item.state}`}
      data-testid="bonus"
      data-id={item.id}
      data-state={item.state}
    >
      <header className="bonus-card__head">
        <span className="bonus-card__icon" aria-hidden="true">
          <Icon name="gift" size={22} />
        </span>
        <div className="bonus-card__heading">
          <h2 className="bonus-card__title">{item.title}</h2>
          {SOURCES.includes(item.source) ? (
            <p className="bonus-card__source">{t(`bonuses.source.${item.source}`)}</p>
          ) : null}
        </div>
        {isBonusState(item.state) ? (
          <span className={`bonus-state bonus-state--${item.state}`}>
            {t(`bonuses.state.${item.state}`)}
          </span>
        ) : null}
      </header>
      <dl className="bonus-card__figures">
        <div>
          <dt>{t('bonuses.amount')}</dt>
          <dd className="tabular">{formatMoney(item.amount)}</dd>
        </div>
        <div>
          <dt>{t('bonuses.balance')}</dt>
          <dd className="tabular bonus-card__balance">{formatMoney(item.balance)}</dd>
        </div>
        <div>
          <dt>{t('bonuses.maxBet')}</dt>
          <dd className="tabular">{formatMoney(item.maxBet)}</dd>
        </div>
        <div>
          <dt>{dateLabel}</dt>
          <dd className="tabular">{when(date)}</dd>
        </div>
      </dl>
      <WagerBar item={item} />
      {active ? <Forfeit item={item} /> : null}
    </article>
  );
}
