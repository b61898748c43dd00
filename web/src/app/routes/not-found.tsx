import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import './pages.css';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className="soon">
      <div className="soon__art" aria-hidden="true">
        <Icon name="search" size={40} />
      </div>
      <p className="soon__kicker">404</p>
      <h1 className="soon__title">{t('notFound.title')}</h1>
      <p className="soon__text">{t('notFound.text')}</p>
      <div className="soon__actions">
        <Link to="/" className="btn btn--primary">
          {t('comingSoon.home')}
        </Link>
      </div>
    </section>
  );
}
