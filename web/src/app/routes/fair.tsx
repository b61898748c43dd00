import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { FairPage } from '@/features/fair/components/fair-page';
import './pages.css';

/** /fair: any studio round recomputed in the browser from its seeds (issue 28). */
export function FairRoute() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name="shield" size={24} />
        </span>
        <div className="page-head__main">
          <h1 className="page-head__title">{t('fair.title')}</h1>
          <p className="page-head__text">{t('fair.text')}</p>
        </div>
      </header>
      <FairPage />
    </div>
  );
}
