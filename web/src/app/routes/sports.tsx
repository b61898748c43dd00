import { SportsPage, type SportsPageProps } from '@/features/sports/components/sports-page';
import { RequireBetting } from './guards';

/** /spor, /spor/fcg, /livespor and /livespor/fcg: the betsy sportsbook (or its absence). */
export function SportsRoute(props: Omit<SportsPageProps, 'provider'>) {
  return <SportsPage provider="betsy" {...props} />;
}

/** /spor/betco: behind the betting-access guard (a betco url in the login data). */
export function BetcoRoute() {
  return (
    <RequireBetting>
      <SportsPage provider="betco" titleKey="menu.sportsBetco" icon="sport" />
    </RequireBetting>
  );
}
