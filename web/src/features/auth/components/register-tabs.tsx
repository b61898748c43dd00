import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readAffiliateParams } from '@/lib/affiliate';
import { useRegisterForm } from '../api/get-register-form';
import { FastRegisterForm } from './register-fast-form';
import { DEFAULT_TERMS_PAGE, type RegisterFormProps } from './register-fields';
import { FullRegisterForm } from './register-full-form';
import { ShortRegisterForm } from './register-short-form';

type Tab = 'fast' | 'full';

/**
 * Step 0 of the registration: the Fast Register (default) and Default Register tabs. The second is
 * the full form, or the short one when the site offers it (auth/form's shortForm, from the site
 * option `register-form`); auth/form also names the terms page of the consent.
 */
export function RegisterTabs({ onRegistered, trialAmount }: Omit<RegisterFormProps, 'termsPage'>) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('fast');
  const [refId] = useState(() => readAffiliateParams().refId);
  const formQuery = useRegisterForm(refId);
  const termsPage = formQuery.data?.terms.contentId ?? DEFAULT_TERMS_PAGE;
  const props = { onRegistered, trialAmount, termsPage };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'fast', label: t('auth.register.fastTab') },
    { id: 'full', label: t('auth.register.fullTab') },
  ];
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: Tab = tab === 'fast' ? 'full' : 'fast';
    setTab(next);
    document.getElementById(`register-tab-${next}`)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t('auth.register.title')}>
        {tabs.map((item) => (
          <button
            key={item.id}
            id={`register-tab-${item.id}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === item.id}
            aria-controls={`register-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            onKeyDown={onKey}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        id={`register-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`register-tab-${tab}`}
        className="tabs__panel"
      >
        {tab === 'fast' ? (
          <FastRegisterForm {...props} />
        ) : formQuery.isPending ? (
          <p className="auth__pending" role="status">
            {t('common.loading')}
          </p>
        ) : formQuery.data?.shortForm ? (
          <ShortRegisterForm {...props} />
        ) : (
          <FullRegisterForm {...props} />
        )}
      </div>
    </>
  );
}
