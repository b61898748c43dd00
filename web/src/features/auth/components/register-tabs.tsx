import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FastRegisterForm } from './register-fast-form';
import { type RegisterForm, type RegisterFormProps } from './register-fields';
import { FullRegisterForm } from './register-full-form';

/** Step 0 of the registration: the Fast Register (default) and Default Register tabs. */
export function RegisterTabs({ onRegistered, trialAmount }: RegisterFormProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RegisterForm>('fast');
  const tabs: { id: RegisterForm; label: string }[] = [
    { id: 'fast', label: t('auth.register.fastTab') },
    { id: 'full', label: t('auth.register.fullTab') },
  ];
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: RegisterForm = tab === 'fast' ? 'full' : 'fast';
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
          <FastRegisterForm onRegistered={onRegistered} trialAmount={trialAmount} />
        ) : (
          <FullRegisterForm onRegistered={onRegistered} trialAmount={trialAmount} />
        )}
      </div>
    </>
  );
}
