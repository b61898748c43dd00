import { BonusesPage } from '@/features/bonuses/components/bonuses-page';
import './pages.css';
import './payments.css';

/** /dashboard/bonuses: active, finished and expired bonuses with their wagering. */
export function BonusesRoute() {
  return <BonusesPage />;
}
