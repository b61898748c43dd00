import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '@/features/account/api/get-balance';
import { openDialog } from '@/features/auth/stores/dialogs';
import { SportsPage, type SportsPageProps } from '@/features/sports/components/sports-page';
import { RequireBetting } from './guards';

type Entry = Omit<SportsPageProps, 'provider' | 'onLoginNeeded' | 'onBalanceChanged'>;

/**
 * What the framed sportsbook may ask of the site: the login form for a visitor who places a bet,
 * and a fresh header balance after a bet, a settlement or a cash-out.
 */
function useFrameActions() {
  const queryClient = useQueryClient();
  const onLoginNeeded = useCallback(() => openDialog('login'), []);
  const onBalanceChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    [queryClient],
  );
  return { onLoginNeeded, onBalanceChanged };
}

/** /spor, /spor/fcg, /livespor and /livespor/fcg: the betsy sportsbook (or its absence). */
export function SportsRoute(props: Entry) {
  return <SportsPage provider="betsy" {...props} {...useFrameActions()} />;
}

/** /spor/betco: behind the betting-access guard (a betco url in the login data). */
export function BetcoRoute() {
  const actions = useFrameActions();
  return (
    <RequireBetting>
      <SportsPage provider="betco" titleKey="menu.sportsBetco" icon="sport" {...actions} />
    </RequireBetting>
  );
}
