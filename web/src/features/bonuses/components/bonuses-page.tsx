import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { useBonuses } from '../api/get-bonuses';
import { BONUS_TABS, groupBonuses, initialTab, type BonusTab } from '../bonus-state';
import { BonusCard } from './bonus-card';
import './bonuses.css';

/**
 * The Bonuses page (/dashboard/bonuses): the player's bonuses under three tabs, Active, Finished
 * (met, forfeited or spent) and Expired, each with its count; a bonus is a card with its amount,
 * remaining bonus money, wagering bar, maximum bet and expiry, and Forfeit while active. The
 * head sums the bonus money the active ones hold.
 */
export function BonusesPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useBonuses();
  const groups = useMemo(() => groupBonuses(data ?? []), [data]);
  const [chosen, setChosen] = useState<BonusTab | null>(null);
  const tab = chosen ?? initialTab(groups);
  const activeMoney = groups.active.reduce((sum, b) => sum + b.balance, 0);
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<BonusTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = BONUS_TABS.indexOf(tab);
    const last = BONUS_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setChosen(BONUS_TABS[next]);
    tabRefs.current[BONUS_TABS[next]]?.focus();
  };

  return (
    <div className="page-stack bonuses">
      <header className="page-head page-head--money">
        <span className="page-head__icon">
          <Icon name="gift" size={24} />
        </span>
        <div className="page-head__main">
          <h1 className="page-head__title">{t('dashboard.bonuses')}</h1>
          <p className="page-head__text">{t('bonuses.pageText')}</p>
        </div>
        {data ? (
          <p className="page-head__balance bonuses__money" data-testid="bonus-money">
            <span>{t('bonuses.activeMoney')}</span>
            <strong className="tabular">{formatMoney(activeMoney)}</strong>
          </p>
        ) : null}
      </header>
      {isPending ? (
        <div
          className="bonus-skeleton bonus-skeleton--page"
          aria-busy="true"
          aria-label={t('common.loading')}
        />
      ) : isError ? (
        <div className="bonus-empty" role="alert">
          <p>{t('bonuses.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <section className="bonuses__body">
          <div
            className="bonus-tabs"
            role="tablist"
            aria-label={t('bonuses.tabs.label')}
            onKeyDown={onKeyDown}
          >
            {BONUS_TABS.map((name) => (
              <button
                key={name}
                ref={(el) => {
                  tabRefs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`${baseId}-panel`}
                tabIndex={tab === name ? 0 : -1}
                className="bonus-tab"
                onClick={() => setChosen(name)}
                data-testid={`bonus-tab-${name}`}
              >
                {t(`bonuses.tabs.${name}`)}{' '}
                <span className="bonus-tab__count tabular">{groups[name].length}</span>
              </button>
            ))}
          </div>
          <div
            id={`${baseId}-panel`}
            role="tabpanel"
            aria-labelledby={`${baseId}-tab-${tab}`}
            className="bonus-panel"
            tabIndex={0}
          >
            {groups[tab].length === 0 ? (
              <div className="bonus-empty" data-testid="bonuses-empty">
                <span className="bonus-empty__art" aria-hidden="true">
                  <Icon name="gift" size={36} />
                </span>
                <p className="bonus-empty__title">{t(`bonuses.empty.${tab}`)}</p>
                {tab === 'active' ? (
                  <>
                    <p>{t('bonuses.empty.activeText')}</p>
                    <Link to="/promotions" className="btn btn--primary">
                      <Icon name="promotions" size={18} />
                      {t('bonuses.seePromotions')}
                    </Link>
                  </>
                ) : null}
              </div>
            ) : (
              <div className="bonus-list">
                {groups[tab].map((item) => (
                  <BonusCard key={item.id} item={item} />
                ))}
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
