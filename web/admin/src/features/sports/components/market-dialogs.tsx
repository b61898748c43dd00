import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ActionForm } from '../../../components/ui/action-form';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import {
  boostSchema,
  useBoostSelection,
  type BoostInput,
  type BoostValues,
} from '../api/boost-selection';
import type { Market, Selection } from '../api/get-event';
import { useMarketAction, type MarketAction } from '../api/market-action';
import { resultSchema, useSetResult, type ResultValues } from '../api/set-result';
import { marketName, selectionName } from '../utils/labels';

/** What an operator is about to do: a move of a market, its result, or a selection's price. */
export type Pending =
  | { kind: 'action'; action: MarketAction; market: Market }
  | { kind: 'result'; market: Market }
  | { kind: 'boost'; market: Market; selection: Selection };

/** The dialog of the pending move (none while nothing is pending). */
export function MarketDialogs({
  pending,
  onClose,
}: {
  pending: Pending | null;
  onClose: () => void;
}) {
  const action = pending?.kind === 'action' ? pending : null;
  const result = pending?.kind === 'result' ? pending : null;
  const boost = pending?.kind === 'boost' ? pending : null;
  return (
    <>
      <Dialog
        open={action !== null}
        onClose={onClose}
        tone={action?.action === 'void' ? 'danger' : 'default'}
        title={action ? ACTIONS[action.action].title(marketName(action.market)) : ''}
        description={action ? ACTIONS[action.action].about(action.market) : null}
      >
        {action ? (
          <ConfirmAction
            key={`${action.action}-${action.market.id}`}
            market={action.market}
            action={action.action}
            onDone={onClose}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={result !== null}
        onClose={onClose}
        title={
          result
            ? `${result.market.state === 'settled' ? 'Correct the result of' : 'Enter the result of'} ${marketName(result.market)}`
            : ''
        }
        description={
          result?.market.state === 'settled'
            ? 'The market’s bets are settled again with the result you choose: payouts already made are corrected.'
            : 'The market is settled with the winning selections you choose, and so are its bets.'
        }
      >
        {result ? (
          <ResultForm key={result.market.id} market={result.market} onDone={onClose} />
        ) : null}
      </Dialog>
      <Dialog
        open={boost !== null}
        onClose={onClose}
        title={boost ? `High Rate for ${selectionName(boost.selection)}` : ''}
        description={
          boost ? (
            <>
              {marketName(boost.market)}: the price is{' '}
              <strong className="tabular">{boost.selection.price.toFixed(2)}</strong>
              {boost.selection.boosted != null ? (
                <>
                  , the High Rate price{' '}
                  <strong className="tabular">{boost.selection.boosted.toFixed(2)}</strong>
                </>
              ) : null}
              . Players see the High Rate price, and bets placed from now on get it.
            </>
          ) : null
        }
      >
        {boost ? (
          <BoostForm key={boost.selection.id} selection={boost.selection} onDone={onClose} />
        ) : null}
      </Dialog>
    </>
  );
}

const openBets = (market: Market) => market.selections.reduce((n, s) => n + s.openBets, 0);

const ACTIONS: Record<
  MarketAction,
  {
    title: (name: string) => string;
    about: (market: Market) => string;
    button: string;
    busy: string;
    done: (name: string) => string;
  }
> = {
  suspend: {
    title: (name) => `Suspend ${name}?`,
    about: () =>
      'No bets are taken on it until it is reopened; the feed leaves it suspended until then.',
    button: 'Suspend market',
    busy: 'Suspending…',
    done: (name) => `${name} suspended.`,
  },
  reopen: {
    title: (name) => `Reopen ${name}?`,
    about: () => 'It takes bets again, at its current prices.',
    button: 'Reopen market',
    busy: 'Reopening…',
    done: (name) => `${name} reopened.`,
  },
  void: {
    title: (name) => `Void ${name}?`,
    about: (market) => {
      const n = openBets(market);
      return `The market is cancelled for good and its bets are settled as void: ${n === 1 ? 'the open bet gets its stake' : `the ${n} open bets get their stakes`} back (in a multiple, the leg counts as void). This cannot be undone.`;
    },
    button: 'Void market',
    busy: 'Voiding…',
    done: (name) => `${name} voided.`,
  },
};

function ConfirmAction({
  market,
  action,
  onDone,
}: {
  market: Market;
  action: MarketAction;
  onDone: () => void;
}) {
  const move = useMarketAction();
  const text = ACTIONS[action];
  return (
    <ActionForm
      request={move}
      onCancel={onDone}
      label={text.button}
      busy={text.busy}
      tone={action === 'void' ? 'danger' : 'primary'}
      onClick={() =>
        move.mutate(
          { marketId: market.id, action },
          {
            onSuccess: () => {
              toast.success(text.done(marketName(market)));
              onDone();
            },
          },
        )
      }
    />
  );
}

function ResultForm({ market, onDone }: { market: Market; onDone: () => void }) {
  const result = useSetResult();
  const form = useForm<ResultValues>({
    resolver: zodResolver(resultSchema),
    defaultValues: {
      winners: market.selections.filter((s) => s.result === 'won').map((s) => s.key),
    },
  });
  const error = form.formState.errors.winners?.message;
  return (
    <ActionForm
      request={result}
      onCancel={onDone}
      label={market.state === 'settled' ? 'Correct the result' : 'Record the result'}
      busy="Recording…"
      onSubmit={form.handleSubmit(({ winners }) =>
        result.mutate(
          { marketId: market.id, winners },
          {
            onSuccess: () => {
              toast.success(`Result of ${marketName(market)} recorded: ${winners.join(', ')}.`);
              onDone();
            },
          },
        ),
      )}
    >
      <fieldset
        className="choice choice--grid"
        aria-describedby={error ? `result-${market.id}-error` : undefined}
      >
        <legend className="field__label">Winning selections</legend>
        {market.selections.map((s, i) => (
          <label key={s.id} className="choice__item">
            <input
              type="checkbox"
              value={s.key}
              data-autofocus={i === 0 ? true : undefined}
              {...form.register('winners')}
            />
            <span>
              <strong>{selectionName(s)}</strong>{' '}
              <span className="muted small tabular">
                {s.openBets} open {s.openBets === 1 ? 'bet' : 'bets'}, pays{' '}
                <span className="nowrap">{formatMoney(s.exposure)}</span>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={`result-${market.id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </ActionForm>
  );
}

function BoostForm({ selection, onDone }: { selection: Selection; onDone: () => void }) {
  const boost = useBoostSelection();
  const form = useForm<BoostInput, unknown, BoostValues>({
    resolver: zodResolver(boostSchema(selection.price)),
    defaultValues: { price: selection.boosted != null ? selection.boosted.toFixed(2) : '' },
    mode: 'onTouched',
  });
  const send = (price: number | null) =>
    boost.mutate(
      { selectionId: selection.id, price },
      {
        onSuccess: () => {
          toast.success(
            price === null
              ? `High Rate removed from ${selectionName(selection)}.`
              : `High Rate ${price.toFixed(2)} set on ${selectionName(selection)}.`,
          );
          onDone();
        },
      },
    );
  return (
    <ActionForm
      request={boost}
      onCancel={onDone}
      label="Set High Rate"
      busy="Saving…"
      onSubmit={form.handleSubmit(({ price }) => send(price))}
      start={
        selection.boosted != null ? (
          <button
            type="button"
            className="btn btn--danger-ghost form__actions-start"
            disabled={boost.isPending}
            onClick={() => send(null)}
          >
            Remove High Rate
          </button>
        ) : null
      }
    >
      <TextField
        label="High Rate price"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`above ${selection.price.toFixed(2)}`}
        hint={`A decimal price above ${selection.price.toFixed(2)}, at most 1000.`}
        className="field--narrow"
        error={form.formState.errors.price?.message}
        data-autofocus
        {...form.register('price')}
      />
    </ActionForm>
  );
}
