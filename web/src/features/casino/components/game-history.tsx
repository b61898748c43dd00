import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/ui/date-picker';
import { Icon } from '@/components/ui/icon';
import { Pager } from '@/components/ui/pager';
import { keepRange } from '@/lib/date-values';
import { formatDateTime, formatMoney, parseUtc } from '@/lib/format';
import {
  HISTORY_PAGE_SIZE,
  RESULT_WIN,
  useHistory,
  type HistoryFilter,
  type Round,
} from '../api/get-history';
import './casino.css';

const when = (value: string) => {
  const d = parseUtc(value);
  return d ? formatDateTime(d) : '—';
};

/** The result as words (the spec's Win 1 / Bet 2). */
export function resultKey(result: number): string {
  return result === RESULT_WIN ? 'casino.history.result.win' : 'casino.history.result.bet';
}

function RoundRow({ round }: { round: Round }) {
  const { t } = useTranslation();
  const won = round.result === RESULT_WIN;
  return (
    <tr data-testid="round" data-round={String(round.roundId)}>
      <th scope="row" className="gh__game">
        {round.gameName}
      </th>
      <td data-label={t('casino.history.provider')}>{round.providerName}</td>
      <td data-label={t('casino.history.bet')} className="tabular gh__num">
        {formatMoney(round.bet)}
      </td>
      <td
        data-label={t('casino.history.win')}
        className={`tabular gh__num${round.win > 0 ? ' gh__win' : ''}`}
      >
        {formatMoney(round.win)}
      </td>
      <td data-label={t('casino.history.result.label')}>
        <span
          className={`gh__result gh__result--${won ? 'win' : 'bet'}`}
          title={t(resultKey(round.result))}
        >
          {round.outcome}
        </span>
      </td>
      <td data-label={t('casino.history.time')} className="tabular">
        {when(round.createdAt)}
      </td>
      <td data-label={t('casino.history.round')} className="gh__id">
        <code>{String(round.roundId)}</code>
      </td>
    </tr>
  );
}

/**
 * Game History (/dashboard/game-history): the player's rounds, newest first, paged and filtered by
 * a date range (the date pickers of Financial Activities): game, provider, bet, win, the outcome in
 * the player's words from the server (Won, No win, a coupon's Cashed out; the spec's Win 1 / Bet 2
 * as its title), time and round id. A table on wide screens, one card per round on phones.
 */
export function GameHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<HistoryFilter>({ from: '', to: '' });
  const [page, setPage] = useState(0);
  const { data, isPending, isError, isFetching, refetch } = useHistory(filter, page);
  const update = (next: Partial<HistoryFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(0);
  };
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const from = total === 0 ? 0 : page * HISTORY_PAGE_SIZE + 1;
  const to = Math.min(total, (page + 1) * HISTORY_PAGE_SIZE);

  return (
    <section className="gh" aria-busy={isFetching}>
      <div className="gh__filters">
        <DatePicker
          label={t('casino.history.from')}
          value={filter.from}
          max={filter.to}
          onChange={(value) => update(keepRange({ from: value, to: filter.to }, 'from'))}
        />
        <DatePicker
          label={t('casino.history.to')}
          value={filter.to}
          min={filter.from}
          align="end"
          onChange={(value) => update(keepRange({ from: filter.from, to: value }, 'to'))}
        />
        {filter.from || filter.to ? (
          <button
            type="button"
            className="btn btn--text btn--sm"
            onClick={() => update({ from: '', to: '' })}
          >
            {t('casino.history.clear')}
          </button>
        ) : null}
      </div>
      {isPending ? (
        <div className="gh__skeleton cz-skeleton" aria-hidden="true" />
      ) : isError || !data ? (
        <div className="lobby__empty">
          <p>{t('casino.history.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : data.items.length === 0 ? (
        <div className="lobby__empty" data-testid="history-empty">
          <Icon name="games" size={36} />
          <p>{t('casino.history.empty')}</p>
        </div>
      ) : (
        <div className="gh__wrap">
          <table className="gh__table">
            <caption className="visually-hidden">{t('dashboard.gameHistory')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('casino.history.game')}</th>
                <th scope="col">{t('casino.history.provider')}</th>
                <th scope="col" className="gh__num">
                  {t('casino.history.bet')}
                </th>
                <th scope="col" className="gh__num">
                  {t('casino.history.win')}
                </th>
                <th scope="col">{t('casino.history.result.label')}</th>
                <th scope="col">{t('casino.history.time')}</th>
                <th scope="col">{t('casino.history.round')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((round) => (
                <RoundRow key={String(round.roundId)} round={round} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && total > 0 ? (
        <Pager
          className="gh__pager"
          buttonsClassName="gh__pager-buttons"
          label={t('casino.history.paging')}
          range={t('casino.history.range', { from, to, total })}
          previous={t('casino.history.previous')}
          next={t('casino.history.next')}
          page={page}
          pages={pages}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
