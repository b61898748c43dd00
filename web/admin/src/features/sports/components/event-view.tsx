import { useState } from 'react';
import { Section } from '../../../components/ui/page';
import { Badge, EmptyState, LoadError, Loading } from '../../../components/ui/status';
import { formatDateTime, formatMoney, labelOf } from '../../../lib/format';
import { useEvent, type EventPage } from '../api/get-event';
import { EVENT_STATES, largestExposure, marketName, selectionName, stateOf } from '../utils/labels';
import { BetsTable } from './bets-table';
import { MarketCard } from './market-card';
import { MarketDialogs, type Pending } from './market-dialogs';

/** An event's page: what it is and where it stands, its markets, its bets. */
export function EventView({ id, canManage }: { id: number; canManage: boolean }) {
  const event = useEvent(id);
  const [pending, setPending] = useState<Pending | null>(null);
  if (event.isPending) return <Loading label="Loading the event…" />;
  if (event.isError) return <LoadError error={event.error} onRetry={() => event.refetch()} />;
  const { markets, bets } = event.data;
  return (
    <div className="stack">
      <EventFacts page={event.data} />
      <Section title="Markets">
        {markets.length === 0 ? (
          <EmptyState>The event has no markets.</EmptyState>
        ) : (
          <div className="markets">
            {markets.map((market) => (
              <MarketCard
                key={market.id}
                market={market}
                canManage={canManage}
                onAction={(action) => setPending({ kind: 'action', action, market })}
                onResult={() => setPending({ kind: 'result', market })}
                onBoost={(selection) => setPending({ kind: 'boost', market, selection })}
              />
            ))}
          </div>
        )}
      </Section>
      <Section title="Bets">
        <BetsTable bets={bets} />
      </Section>
      {canManage ? <MarketDialogs pending={pending} onClose={() => setPending(null)} /> : null}
    </div>
  );
}

const OPEN = new Set(['pending', 'open']);

function EventFacts({ page }: { page: EventPage }) {
  const { event, bets, markets } = page;
  const state = stateOf(EVENT_STATES, event.state);
  const open = bets.filter((b) => OPEN.has(b.state));
  const stakes = open.reduce((sum, b) => sum + b.stake, 0);
  const largest = largestExposure(markets);
  return (
    <dl className="figures figures--event">
      <div className="figure">
        <dt className="figure__label">State</dt>
        <dd className="figure__value figure__value--text">
          <Badge tone={state.tone}>{state.label}</Badge>
          {event.state === 'scheduled' ? null : (
            <strong className="tabular score">{event.score}</strong>
          )}
        </dd>
        <dd className="figure__note">
          {labelOf(event.sport)} · {labelOf(event.competition)}
        </dd>
      </div>
      <div className="figure">
        <dt className="figure__label">Starts</dt>
        <dd className="figure__value figure__value--text tabular">
          {formatDateTime(event.startsAt)}
        </dd>
      </div>
      <div className="figure">
        <dt className="figure__label">Open stakes</dt>
        <dd className="figure__value tabular">{formatMoney(stakes)}</dd>
        <dd className="figure__note">
          {open.length} open {open.length === 1 ? 'bet' : 'bets'} of {bets.length}
        </dd>
      </div>
      <div className="figure figure--warn">
        <dt className="figure__label">Largest exposure</dt>
        <dd className="figure__value tabular">
          {largest ? formatMoney(largest.selection.exposure) : formatMoney(0)}
        </dd>
        <dd className="figure__note">
          {largest
            ? `${marketName(largest.market)}: ${selectionName(largest.selection)}`
            : 'No open bet'}
        </dd>
      </div>
    </dl>
  );
}
