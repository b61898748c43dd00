import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { formatDate, formatIsoDate, formatMoney, formatPhone } from '@/lib/format';
import { useDefineTrialBonus } from '../api/define-trial-bonus';
import { useProfile, type Profile } from '../api/get-profile';
import { LoadFailed } from './load-failed';
import './account.css';

function Row({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>
        <Icon name={icon} size={16} />
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function TrialOffer({ profile, onVerifyPhone }: { profile: Profile; onVerifyPhone: () => void }) {
  const { t } = useTranslation();
  const claim = useDefineTrialBonus();
  if (!profile.trialBonusAvailable || profile.trialBonusAmount <= 0) return null;
  const amount = formatMoney(profile.trialBonusAmount);
  return (
    <section className="trial-offer" aria-labelledby="trial-offer-title">
      <span className="trial-offer__icon" aria-hidden="true">
        <Icon name="gift" size={28} />
      </span>
      <div className="trial-offer__copy">
        <h2 id="trial-offer-title" className="trial-offer__title">
          {t('account.trial.title', { amount })}
        </h2>
        <p className="trial-offer__text">
          {profile.smsVerified ? t('account.trial.textVerified') : t('account.trial.textVerify')}
        </p>
      </div>
      {profile.smsVerified ? (
        <button
          type="button"
          className="btn btn--gold btn--lg"
          onClick={() => claim.mutate()}
          disabled={claim.isPending}
        >
          {t('account.trial.claim')}
        </button>
      ) : (
        <button type="button" className="btn btn--gold btn--lg" onClick={onVerifyPhone}>
          {t('account.trial.verify')}
        </button>
      )}
    </section>
  );
}

/**
 * Personal information (/dashboard/account): GET customer/profile. `onVerifyPhone` opens the
 * phone verification (the app layer wires it to the auth feature's dialog).
 */
export function PersonalInfo({ onVerifyPhone }: { onVerifyPhone: () => void }) {
  const { t } = useTranslation();
  const { data: profile, isLoading, isError, refetch } = useProfile();

  if (isLoading) {
    return (
      <div className="account-skeleton" aria-busy="true" aria-label={t('common.loading')}>
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  if (isError || !profile) {
    return <LoadFailed onRetry={() => void refetch()} />;
  }

  const initials = `${profile.name[0] ?? ''}${profile.surname[0] ?? ''}`.toLocaleUpperCase('tr');
  return (
    <div className="account">
      <section className="account-card account-hero">
        <span className="account-hero__avatar" aria-hidden="true">
          {initials}
        </span>
        <div className="account-hero__who">
          <p className="account-hero__name">
            {profile.name} {profile.surname}
          </p>
          <p className="account-hero__meta">
            @{profile.username} · {t('account.usercode')}{' '}
            <span className="tabular">{profile.usercode}</span>
          </p>
        </div>
        <dl className="balances">
          <div className="balances__item balances__item--total">
            <dt>{t('account.totalBalance')}</dt>
            <dd className="tabular" data-testid="total-balance">
              {formatMoney(profile.balance)}
            </dd>
          </div>
          <div className="balances__item">
            <dt>{t('account.realBalance')}</dt>
            <dd className="tabular" data-testid="real-balance">
              {formatMoney(profile.realBalance)}
            </dd>
          </div>
          <div className="balances__item balances__item--bonus">
            <dt>{t('account.bonusBalance')}</dt>
            <dd className="tabular" data-testid="bonus-balance">
              {formatMoney(profile.bonusBalance)}
            </dd>
          </div>
        </dl>
      </section>

      <TrialOffer profile={profile} onVerifyPhone={onVerifyPhone} />

      <section className="account-card" aria-labelledby="account-details-title">
        <h2 id="account-details-title" className="account-card__title">
          {t('account.details')}
        </h2>
        <dl className="info-list">
          <Row icon="user" label={t('auth.fields.name')}>
            {profile.name}
          </Row>
          <Row icon="user" label={t('auth.fields.surname')}>
            {profile.surname}
          </Row>
          <Row icon="user" label={t('auth.fields.username')}>
            {profile.username}
          </Row>
          <Row icon="star" label={t('account.usercode')}>
            <span className="tabular">{profile.usercode}</span>
          </Row>
          <Row icon="mail" label={t('auth.fields.email')}>
            {profile.email}
          </Row>
          <Row icon="phone" label={t('auth.fields.phone')}>
            <span className="info-phone">
              <span className="tabular">{formatPhone(profile.phone)}</span>
              {profile.smsVerified ? (
                <span className="tag tag--ok">
                  <Icon name="check" size={14} />
                  {t('auth.phoneVerification.verifiedTag')}
                </span>
              ) : (
                <span className="tag tag--warn">{t('auth.phoneVerification.notVerifiedTag')}</span>
              )}
              <button type="button" className="btn btn--sm btn--ghost" onClick={onVerifyPhone}>
                {profile.smsVerified ? t('account.managePhone') : t('account.verifyPhone')}
              </button>
            </span>
          </Row>
          <Row icon="idCard" label={t('auth.fields.personalNo')}>
            <span className="tabular">{profile.personalNo || '—'}</span>
          </Row>
          <Row icon="calendar" label={t('auth.fields.birthDate')}>
            <span className="tabular">{formatIsoDate(profile.birthDate) || '—'}</span>
          </Row>
          <Row icon="flag" label={t('auth.fields.country')}>
            {profile.country?.name ?? '—'}
          </Row>
          {profile.createdAt ? (
            <Row icon="clock" label={t('account.memberSince')}>
              <span className="tabular">{formatDate(profile.createdAt)}</span>
            </Row>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
