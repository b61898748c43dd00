import { useSearchParams } from 'react-router';
import { PlayerResults, PlayerSearchForm } from '../../features/players/components/player-search';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function PlayersPage() {
  usePageTitle('Players');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <>
      <PageHeader title="Players" />
      <div className="stack">
        <PlayerSearchForm q={q} onSearch={(next) => setParams({ q: next })} />
        <PlayerResults q={q} />
      </div>
    </>
  );
}
