import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/ui/status';
import { formatAge } from '../../../lib/format';
import { useQueues, type QueueSize, type Queues } from '../api/get-queues';
import { useNow } from '../../../lib/use-now';

/** What one queue holds, in words: `3 waiting · oldest 2 h 5 min`, or `Nothing waiting`. */
export function queueSummary(queue: QueueSize, now: number = Date.now()): string {
  if (queue.count === 0) return 'Nothing waiting';
  const oldest = queue.oldestAt === null ? '' : ` · oldest ${formatAge(queue.oldestAt, now)}`;
  return `${queue.count} waiting${oldest}`;
}

export interface QueueLink {
  queue: keyof Queues;
  title: string;
  /** The queue's page, when the member may open it. */
  to: string | null;
}

/** The queues' cards: count, oldest item's age and a link to the queue when allowed. */
export function QueueCards({ links }: { links: QueueLink[] }) {
  const queues = useQueues();
  const now = useNow();
  if (queues.isPending) return <Loading label="Loading the queues…" />;
  if (queues.isError) return <LoadError error={queues.error} onRetry={() => queues.refetch()} />;
  return (
    <ul className="queue-cards">
      {links.map(({ queue, title, to }) => {
        const size = queues.data[queue];
        const busy = size.count > 0;
        return (
          <li key={queue} className={`queue-card${busy ? ' queue-card--busy' : ''}`}>
            <h2 className="queue-card__title">{title}</h2>
            <p className="queue-card__count tabular">{size.count}</p>
            <p className="queue-card__summary">{queueSummary(size, now)}</p>
            {to ? (
              <Link className="btn btn--ghost btn--sm queue-card__link" to={to}>
                Open {title.toLowerCase()}
              </Link>
            ) : (
              <p className="queue-card__note">Your roles do not open this queue.</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
