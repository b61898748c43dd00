import { EventsTable } from '../../features/sports/components/events-table';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function SportsPage() {
  usePageTitle('Sportsbook');
  return (
    <>
      <PageHeader
        title="Sportsbook"
        description="Events live first, then those to come, then the last day's finished ones, with the stakes of their open bets. Read again every 15 seconds."
      />
      <EventsTable />
    </>
  );
}
