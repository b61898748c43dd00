import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Pager } from '@/components/ui/pager';
import { formatDateTime } from '@/lib/format';
import { SESSIONS_PAGE_SIZE, useSessions, type SessionEntry } from '../api/get-sessions';
import { describeUserAgent, deviceLabel } from './user-agent';
import { LoadFailed } from './load-failed';
import './account.css';

const END_REASONS = ['logout', 'password_change', 'recovery', 'operator', 'expired'];

function EndCell({ entry }: { entry: SessionEntry }) {
  const { t } = useTranslation();
  if (entry.current) {
    return (
      <span className="session-state session-state--current">
        <span className="session-dot" aria-hidden="true" />
        {t('sessions.thisDevice')}
      </span>
    );
  }
  if (entry.endedAt == null) {
    return (
      <span className="session-state session-state--active">
        <span className="session-dot" aria-hidden="true" />
        {t('sessions.active')}
      </span>
    );
  }
  const reason = entry.endReason ?? '';
  const reasonKey = END_REASONS.includes(reason)
    ? `sessions.reason.${reason.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`
    : 'sessions.reason.other';
  return (
    <span className="session-state">
      <span className="tabular">{formatDateTime(entry.endedAt)}</span>
      <span className="session-state__reason">{t(reasonKey)}</span>
    </span>
  );
}

/** The device: phone or computer and its system; the browser beside it (never the raw hash). */
function Device({ ua }: { ua: string | null | undefined }) {
  const { t } = useTranslation();
  const d = describeUserAgent(ua);
  if (!d) return <span className="session-device">—</span>;
  const kind = d.mobile ? t('sessions.mobile') : t('sessions.desktop');
  return (
    <span className="session-device">
      <Icon name={d.mobile ? 'phone' : 'device'} size={16} />
      {d.os ? `${kind} · ${d.os}` : kind}
    </span>
  );
}

function Browser({ ua }: { ua: string | null | undefined }) {
  const d = describeUserAgent(ua);
  return <span className="session-browser">{d?.browser || deviceLabel(ua) || '—'}</span>;
}

/** Session history (/dashboard/session-history): POST customer/sessions {skip, take}. */
export function SessionHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, isFetching, refetch } = useSessions(page);

  if (isLoading) {
    return <div className="skeleton skeleton--list" aria-busy="true" />;
  }
  if (isError || !data) {
    return <LoadFailed onRetry={() => void refetch()} />;
  }
  const pages = Math.max(1, Math.ceil(data.total / SESSIONS_PAGE_SIZE));
  const from = data.total === 0 ? 0 : page * SESSIONS_PAGE_SIZE + 1;
  const to = Math.min(data.total, (page + 1) * SESSIONS_PAGE_SIZE);

  return (
    <section className="account-card sessions" aria-busy={isFetching}>
      {data.items.length === 0 ? (
        <p className="account-empty">{t('sessions.empty')}</p>
      ) : (
        <table className="sessions-table">
          <thead>
            <tr>
              <th scope="col">{t('sessions.loginAt')}</th>
              <th scope="col">{t('sessions.ip')}</th>
              <th scope="col">{t('sessions.device')}</th>
              <th scope="col">{t('sessions.browser')}</th>
              <th scope="col">{t('sessions.end')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((s) => (
              <tr key={s.id} className={s.current ? 'is-current' : undefined}>
                <td data-label={t('sessions.loginAt')}>
                  <span className="tabular">{formatDateTime(s.loginAt)}</span>
                </td>
                <td data-label={t('sessions.ip')}>
                  <span className="tabular">{s.ip || '—'}</span>
                </td>
                <td data-label={t('sessions.device')}>
                  <Device ua={s.device} />
                </td>
                <td data-label={t('sessions.browser')}>
                  <Browser ua={s.device} />
                </td>
                <td data-label={t('sessions.end')}>
                  <EndCell entry={s} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        className="pager"
        buttonsClassName="pager__buttons"
        rangeClassName="pager__info tabular"
        pageClassName="pager__page tabular"
        label={t('sessions.paging')}
        range={t('sessions.range', { from, to, total: data.total })}
        previous={t('sessions.previous')}
        next={t('sessions.next')}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </section>
  );
}
