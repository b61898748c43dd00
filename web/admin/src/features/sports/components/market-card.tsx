import { useId } from 'react';
import { Badge } from '../../../components/ui/status';
import { formatMoney } from '../../../lib/format';
import type { Market, Selection } from '../api/get-event';
import type { MarketAction } from '../api/market-action';
import {
  MARKET_STATES,
  RESULTS,
  marketMoves,
  marketName,
  selectionName,
  stateOf,
} from '../utils/labels';

/**
 * A market: its state, its selections with their prices and the weight of their open bets (the
 * largest exposure marked), and, for a member with `sports.manage`, what can be done with it.
 */
export function MarketCard({
  market,
  canManage,
  onAction,
  onResult,
  onBoost,
}: {
  market: Market;
  canManage: boolean;
  onAction: (action: MarketAction) => void;
  onResult: () => void;
  onBoost: (selection: Selection) => void;
}) {
  const titleId = useId();
  const name = marketName(market);
  const state = stateOf(MARKET_STATES, market.state);
  const moves = marketMoves(market);
  const largest = market.selections.reduce<Selection | null>(
    (best, s) => (s.exposure > 0 && (!best || s.exposure > best.exposure) ? s : best),
    null,
  );
  const settled = market.state === 'settled' || market.state === 'cancelled';
  return (
    <section className="market" aria-labelledby={titleId}>
      <div className="market__head">
        <div className="market__name">
          <h3 className="market__title" id={titleId}>
            {name}
          </h3>
          <span className="mono muted small">
            #{market.id} · {market.key}
          </span>
          <Badge tone={state.tone}>{state.label}</Badge>
          {market.held ? <Badge tone="warning">Held by staff</Badge> : null}
        </div>
        {canManage ? (
          <div className="row-actions" role="group" aria-label={`Actions on ${name}`}>
            {moves.suspend ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => onAction('suspend')}
              >
                Suspend
              </button>
            ) : null}
            {moves.reopen ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => onAction('reopen')}
              >
                Reopen
              </button>
            ) : null}
            {moves.result ? (
              <button type="button" className="btn btn--ghost btn--sm" onClick={onResult}>
                {market.state === 'settled' ? 'Correct result' : 'Enter result'}
              </button>
            ) : null}
            {moves.void ? (
              <button
                type="button"
                className="btn btn--danger-ghost btn--sm"
                onClick={() => onAction('void')}
              >
                Void
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="table-scroll">
        <table className="table table--compact">
          <caption className="visually-hidden">Selections of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Selection</th>
              <th scope="col" className="is-end">
                Price
              </th>
              <th scope="col" className="is-end">
                High Rate
              </th>
              <th scope="col">Result</th>
              <th scope="col" className="is-end">
                Open bets
              </th>
              <th scope="col" className="is-end">
                Open stakes
              </th>
              <th scope="col" className="is-end">
                Exposure
              </th>
            </tr>
          </thead>
          <tbody>
            {market.selections.map((s) => {
              const top = largest?.id === s.id;
              const result = s.result ? stateOf(RESULTS, s.result) : null;
              return (
                <tr key={s.id} className={top ? 'is-largest' : undefined}>
                  <th scope="row" className="market__selection">
                    <span className="market__selection-name">
                      {selectionName(s)}{' '}
                      {top ? (
                        <Badge tone="warning">
                          Largest <span className="visually-hidden">exposure</span>
                        </Badge>
                      ) : null}
                    </span>
                  </th>
                  <td className="is-end tabular">{s.price.toFixed(2)}</td>
                  <td className="is-end tabular">
                    <span className="boost-cell">
                      {s.boosted != null ? (
                        <strong className="boosted">{s.boosted.toFixed(2)}</strong>
                      ) : (
                        <span className="muted">—</span>
                      )}
                      {canManage && !settled ? (
                        <button
                          type="button"
                          className="btn btn--ghost btn--xs"
                          aria-label={`${s.boosted != null ? 'Change' : 'Set'} High Rate for ${selectionName(s)} in ${name}`}
                          onClick={() => onBoost(s)}
                        >
                          {s.boosted != null ? 'Change' : 'Set'}
                        </button>
                      ) : null}
                    </span>
                  </td>
                  <td>
                    {result ? (
                      <Badge tone={result.tone}>{result.label}</Badge>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td className="is-end tabular">{s.openBets}</td>
                  <td className="is-end tabular nowrap">{formatMoney(s.openStakes)}</td>
                  <td className="is-end tabular nowrap">
                    {top ? <strong>{formatMoney(s.exposure)}</strong> : formatMoney(s.exposure)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
