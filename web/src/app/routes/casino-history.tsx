import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { GameHistory } from '@/features/casino/components/game-history';
import './pages.css';
import './casino.css';

/** /dashboard/game-history: the player's game rounds. */
export function GameHistoryRoute() {
  const { t } = useTranslation();
  return (
    <div className="page-stack">
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name="games" size={24} />
        </span>
        <div className="page-head__main">
          <h1 className="page-head__title">{t('dashboard.gameHistory')}</h1>
          <p className="page-head__text">{t('casino.history.text')}</p>
        </div>
      </header>
      <GameHistory />
    </div>
  );
}
