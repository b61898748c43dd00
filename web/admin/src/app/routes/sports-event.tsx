import { Link, useParams } from 'react-router';
import { useEvent } from '../../features/sports/api/get-event';
import { EventView } from '../../features/sports/components/event-view';
import { eventName } from '../../features/sports/utils/labels';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';
import { useCan } from '../layout/staff-context';

export function SportsEventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const can = useCan();
  const name = event.data ? eventName(event.data.event) : `Event #${id}`;
  usePageTitle(name);
  return (
    <>
      <PageHeader
        title={
          <>
            {name} <span className="page-title__id">#{id}</span>
          </>
        }
        description={
          can('sports.manage')
            ? 'Each selection’s exposure is what its open bets would pay if it won. Every action is recorded in the audit log.'
            : 'Each selection’s exposure is what its open bets would pay if it won. Your roles let you read the book, not change it.'
        }
        actions={
          <Link className="btn btn--ghost btn--sm" to="/sports">
            All events
          </Link>
        }
      />
      <EventView id={id} canManage={can('sports.manage')} />
    </>
  );
}
