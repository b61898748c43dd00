import { Link, useParams } from 'react-router';
import { usePlayer } from '../../features/players/api/get-player';
import { PlayerActions } from '../../features/players/components/player-actions';
import { PlayerProfile } from '../../features/players/components/player-profile';
import { PageHeader } from '../../components/ui/page';
import { LoadError, Loading } from '../../components/ui/status';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan } from '../layout/staff-context';

export function PlayerPage() {
  const id = Number(useParams().id);
  const player = usePlayer(id);
  const can = useCan();
  const username =
    player.data && typeof player.data.player.username === 'string'
      ? player.data.player.username
      : `Player #${id}`;
  usePageTitle(username);
  return (
    <>
      <PageHeader
        title={
          <>
            {username} <span className="page-title__id">#{id}</span>
          </>
        }
        actions={
          <Link className="btn btn--ghost btn--sm" to="/players">
            Find another player
          </Link>
        }
      />
      {player.isPending ? (
        <Loading label="Loading the player…" />
      ) : player.isError ? (
        <LoadError error={player.error} onRetry={() => player.refetch()} />
      ) : (
        <>
          <PlayerActions
            playerId={id}
            username={username}
            rights={{
              sessions: can('players.sessions'),
              exclude: can('players.exclude'),
              adjust: can('players.adjust'),
              notify: can('players.notify'),
              bonus: can('players.bonus'),
            }}
          />
          <PlayerProfile playerId={id} page={player.data} canNote={can('players.note')} />
        </>
      )}
    </>
  );
}
