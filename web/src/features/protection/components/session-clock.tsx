import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useNow } from '@/hooks/use-now';
import { clockText } from '../schedule';
import { useCurrentSessionFigures } from '../api/get-session-figures';
import './protection.css';

/**
 * The time since login, for a game's window (issue 31: a player always sees how long the session
 * has lasted while playing). Nothing until the session's figures are known.
 */
export function SessionClock() {
  const { t } = useTranslation();
  const { data } = useCurrentSessionFigures();
  const now = useNow(1000);
  if (!data) return null;
  const label = t('protection.clock.label');
  return (
    <span className="session-clock" title={label} data-testid="session-clock">
      <Icon name="clock" size={14} />
      <span className="visually-hidden">{label}: </span>
      <span className="tabular">{clockText(now - data.startedAt)}</span>
    </span>
  );
}
