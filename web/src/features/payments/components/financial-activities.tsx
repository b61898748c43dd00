import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Pager } from '@/components/ui/pager';
import { formatDateTime, formatMoney, parseUtc } from '@/lib/format';
import { useCancelPayment } from '../api/cancel';
import { useResumePayment } from '../api/resume-payment';
import { keepRange } from '@/lib/date-values';
import { DatePicker } from '@/components/ui/date-picker';
import {
  TRANSACTIONS_PAGE_SIZE,
  useTransactions,
  type TransactionFilter,
  type TransactionItem,
} from '../api/get-transactions';
import './payments.css';

/** The spec's enumerations (section 3): Status and Process state as labels. */
const STATUS: Record<number, string> = {
  1: 'confirmed',
  2: 'pending',
  3: 'merged',
  4: 'rejected',
  5: 'cancelled',
  6: 'created',
};
const PROCESS: Record<number, string> = {
  1: 'processing',
  2: 'completed',
  3: 'cancelled',
  4: 'expired',
};

const when = (value: string | null | undefined) => {
  if (!value) return '—';
  const d = parseUtc(value);
  return d ? formatDateTime(d) : '—';
};

function StatusPill({ item }: { item: TransactionItem }) {
  const { t } = useTranslation();
  if (item.awaitingPayment) {
    return <span className="pay-status pay-status--waiting">{t('payments.status.waiting')}</span>;
  }
  const status = STATUS[item.status] ?? 'none';
  return (
    <span className={`pay-status pay-status--${status}`}>{t(`payments.status.${status}`)}</span>
  );
}

function Row({ item }: { item: TransactionItem }) {
  const { t } = useTranslation();
  const cancel = useCancelPayment();
  const resume = useResumePayment();
  const deposit = item.kind === 1;
  // A card deposit left at its page is not money on its way: no sign, no green.
  const waiting = item.awaitingPayment;
  const process = PROCESS[item.processState] ?? 'processing';
  return (
    <li className="fa-row" data-testid="transaction" data-id={item.id}>
      <span className={`fa-row__icon${deposit ? ' fa-row__icon--in' : ''}`} aria-hidden="true">
        <Icon name={deposit ? 'wallet' : 'arrowUp'} size={20} />
      </span>
      <div className="fa-row__main">
        <p className="fa-row__title">
          {t(deposit ? 'payments.kind.deposit' : 'payments.kind.withdraw')}
          <span className="fa-row__method"> · {item.method}</span>
        </p>
        <p className="fa-row__meta tabular">
          <span>{when(item.createdAt)}</span>
          <span>#{item.reference}</span>
        </p>
        {item.reason ? <p className="fa-row__reason">{item.reason}</p> : null}
        {waiting ? (
          <p className="fa-row__waiting" data-testid="awaiting-payment">
            {t('payments.waitingUntil', { time: when(item.expiresAt) })}
          </p>
        ) : null}
      </div>
      <div className="fa-row__side">
        <span
          className={`fa-row__amount tabular${deposit && !waiting ? ' fa-row__amount--in' : ''}`}
        >
          {waiting ? '' : deposit ? '+' : '−'}
          {formatMoney(item.amount)}
        </span>
        <span className="fa-row__states">
          <StatusPill item={item} />
          <span className="fa-row__process">{t(`payments.process.${process}`)}</span>
        </span>
        {waiting ? (
          <button
            type="button"
            className="btn btn--primary btn--sm fa-row__resume"
            disabled={resume.isPending}
            onClick={() => resume.mutate(item.id)}
          >
            <Icon name="lock" size={16} />
            {t('payments.backToPage')}
            <span className="visually-hidden"> {t('common.opensNewTab')}</span>
          </button>
        ) : null}
        {item.cancellable ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm fa-row__cancel"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(item.id)}
          >
            <Icon name="close" size={16} />
            {t('payments.cancelDeposit')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Financial Activities (/dashboard/financial-activities): the player's deposits and withdrawals,
 * newest first, with paging, a kind filter and a date range (the mm/dd/yy date pickers, to never before from), the
 * Status and Process state of each, and Cancel on a pending deposit. A card deposit left at its
 * page reads "Waiting for payment" with the time its page closes and a way back to it (issue 30),
 * not as money on its way. A withdrawal has no cancel: it waits for the operator.
 */
export function FinancialActivities() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TransactionFilter>({ kind: 0, from: '', to: '' });
  const [page, setPage] = useState(0);
  const { data, isPending, isError, isFetching, refetch } = useTransactions(filter, page);
  const update = (next: Partial<TransactionFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(0);
  };
  const kinds: { value: 0 | 1 | 2; key: string }[] = [
    { value: 0, key: 'payments.filter.all' },
    { value: 1, key: 'payments.filter.deposits' },
    { value: 2, key: 'payments.filter.withdrawals' },
  ];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  const from = total === 0 ? 0 : page * TRANSACTIONS_PAGE_SIZE + 1;
  const to = Math.min(total, (page + 1) * TRANSACTIONS_PAGE_SIZE);

  return (
    <section className="fa" aria-busy={isFetching}>
      <div className="fa-filters">
        <div className="fa-kinds" role="group" aria-label={t('payments.filter.kind')}>
          {kinds.map((k) => (
            <button
              key={k.value}
              type="button"
              className={`fa-kind${filter.kind === k.value ? ' is-active' : ''}`}
              aria-pressed={filter.kind === k.value}
              onClick={() => update({ kind: k.value })}
            >
              {t(k.key)}
            </button>
          ))}
        </div>
        <div className="fa-dates">
          <DatePicker
            label={t('payments.filter.from')}
            value={filter.from}
            max={filter.to}
            onChange={(from) => update(keepRange({ from, to: filter.to }, 'from'))}
          />
          <DatePicker
            label={t('payments.filter.to')}
            value={filter.to}
            min={filter.from}
            align="end"
            onChange={(to) => update(keepRange({ from: filter.from, to }, 'to'))}
          />
          {filter.from || filter.to ? (
            <button
              type="button"
              className="btn btn--text btn--sm"
              onClick={() => update({ from: '', to: '' })}
            >
              {t('payments.filter.clear')}
            </button>
          ) : null}
        </div>
      </div>
      {isPending ? (
        <div className="pay-skeleton pay-skeleton--list" aria-busy="true" />
      ) : isError || !data ? (
        <div className="pay-empty">
          <p>{t('payments.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : data.items.length === 0 ? (
        filter.kind !== 0 || filter.from || filter.to ? (
          <div className="pay-empty">
            <p>{t('payments.noMatchingActivities')}</p>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => update({ kind: 0, from: '', to: '' })}
            >
              {t('payments.filter.showAll')}
            </button>
          </div>
        ) : (
          <p className="pay-empty">{t('payments.noActivities')}</p>
        )
      ) : (
        <ul className="fa-list" aria-label={t('dashboard.financialActivities')}>
          {data.items.map((item) => (
            <Row key={item.id} item={item} />
          ))}
        </ul>
      )}
      {data && total > 0 ? (
        <Pager
          className="fa-pager"
          buttonsClassName="fa-pager__buttons"
          label={t('payments.paging')}
          range={t('payments.range', { from, to, total })}
          previous={t('payments.previous')}
          next={t('payments.next')}
          page={page}
          pages={pages}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
