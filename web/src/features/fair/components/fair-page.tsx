import { useId, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { $ZodType } from 'zod/v4/core';
import { Field, FORM_MODE, InputBox, TextField, describedBy } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  usePublished,
  type GameKind,
  type Jackpot,
  type PublishedGame,
} from '../api/get-published';
import { crashFormSchema, seedFormSchema, seedInput } from '../form-values';
import {
  NoCryptoError,
  crashRound,
  recompute,
  sha256Hex,
  type CrashRound,
  type Recomputed,
} from '../recompute';
import { CrashView, RoundView } from './round-view';
import '../fair.css';

type Lang = 'tr' | 'en';
type SeededGame = Exclude<PublishedGame, { kind: 'crash' }>;
type CrashGame = Extract<PublishedGame, { kind: 'crash' }>;

type Checked = {
  game: SeededGame;
  result: Recomputed;
  hash: string;
  commitment: string;
  bet: bigint | null;
};

/**
 * Under a form: why the round could not be recomputed, or the round itself under its title
 * (`children`, none before the first recompute); announced as it changes.
 */
function FairResult({ failure, children }: { failure: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="fair-result" role="status" aria-live="polite" data-testid="fair-result">
      {failure ? <p className="fair-error">{failure}</p> : null}
      {children ? (
        <>
          <h2 className="fair-result__title">{t('fair.result')}</h2>
          {children}
        </>
      ) : null}
    </div>
  );
}

/** Whether the server seed's SHA-256 is the pasted commitment (none pasted: not checked). */
function CommitmentCheck({ hash, commitment }: { hash: string; commitment: string }) {
  const { t } = useTranslation();
  const state = !commitment ? 'none' : commitment.toLowerCase() === hash ? 'ok' : 'bad';
  return (
    <div className={`fair-commit fair-commit--${state}`} data-testid="fair-commitment">
      <Icon name={state === 'ok' ? 'check' : state === 'bad' ? 'close' : 'info'} size={18} />
      <div className="fair-commit__text">
        <p className="fair-commit__verdict">{t(`fair.commitment.${state}`)}</p>
        <p className="fair-commit__hash">
          <span>{t('fair.commitment.computed')}</span> <code className="fair-mono">{hash}</code>
        </p>
      </div>
    </div>
  );
}

/**
 * A recompute form's state: react-hook-form's form of `schema`, and what `compute` made of the
 * values sent (or why it could not: no Web Crypto here, or anything else).
 */
function useRecompute<V extends FieldValues, R>(
  schema: $ZodType<V, V>,
  defaultValues: DefaultValues<V>,
  compute: (values: V) => Promise<R>,
) {
  const { t } = useTranslation();
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<V, unknown, V>({
    resolver: zodResolver(schema),
    mode: FORM_MODE,
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      setResult(await compute(values));
    } catch (error) {
      setResult(null);
      setFailure(error instanceof NoCryptoError ? t('fair.noCrypto') : t('fair.failed'));
    }
  });
  // What the form shows: read here, where the form is made (react-hook-form's subscription).
  const view = { onSubmit, submitting: form.formState.isSubmitting, failure };
  return { form, result, view };
}

/** A recompute form: its fields and Recompute, and under it the result (`children`). */
function RecomputeForm({
  onSubmit,
  submitting,
  failure,
  fields,
  children,
}: {
  onSubmit: () => void;
  submitting: boolean;
  failure: string | null;
  fields: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <form
        className="form fair-form"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('fair.formLabel')}
      >
        {fields}
        <button type="submit" className="btn btn--primary btn--lg" disabled={submitting}>
          <Icon name="refresh" size={18} />
          {t('fair.recompute')}
        </button>
      </form>
      <FairResult failure={failure}>{children}</FairResult>
    </>
  );
}

/** A text field of a recompute form; seeds and hashes in monospace. */
function SeedTextField({
  mono = true,
  ...props
}: Parameters<typeof TextField>[0] & { mono?: boolean }) {
  return (
    <TextField
      autoComplete="off"
      spellCheck={false}
      className={mono ? 'fair-mono' : undefined}
      {...props}
    />
  );
}

function SeedForm({ game, jackpots, lang }: { game: SeededGame; jackpots: Jackpot[]; lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  const slot = game.kind === 'slot' || game.kind === 'ways';
  const { form, result, view } = useRecompute(
    seedFormSchema,
    { serverSeed: '', commitment: '', clientSeed: '', nonce: '0', bet: '' },
    async (values): Promise<Checked> => {
      const input = seedInput(values);
      const [hash, recomputed] = await Promise.all([
        sha256Hex(input.serverSeed),
        recompute(game, jackpots, { ...input, bet: slot ? input.bet : null }),
      ]);
      return {
        game,
        result: recomputed,
        hash,
        commitment: values.commitment.trim(),
        bet: slot ? input.bet : null,
      };
    },
  );
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <RecomputeForm
      {...view}
      fields={
        <>
          <SeedTextField
            id={`${id}-server`}
            label={t('fair.serverSeed')}
            error={errors.serverSeed}
            {...register('serverSeed')}
          />
          <SeedTextField
            id={`${id}-commitment`}
            label={t('fair.commitment.label')}
            error={errors.commitment}
            {...register('commitment')}
          />
          <div className="fair-form__row">
            <SeedTextField
              id={`${id}-client`}
              label={t('fair.clientSeed')}
              error={errors.clientSeed}
              mono={false}
              {...register('clientSeed')}
            />
            <TextField
              id={`${id}-nonce`}
              label={t('fair.nonce')}
              error={errors.nonce}
              inputMode="numeric"
              autoComplete="off"
              {...register('nonce')}
            />
          </div>
          {slot ? (
            <Field
              id={`${id}-bet`}
              label={t('fair.bet')}
              error={errors.bet}
              hint={t('fair.betHint')}
            >
              <InputBox>
                <input
                  id={`${id}-bet`}
                  inputMode="decimal"
                  autoComplete="off"
                  {...describedBy(`${id}-bet`, errors.bet)}
                  {...register('bet')}
                />
              </InputBox>
            </Field>
          ) : null}
        </>
      }
    >
      {result ? (
        <>
          <CommitmentCheck hash={result.hash} commitment={result.commitment} />
          <RoundView game={result.game} result={result.result} bet={result.bet} lang={lang} />
        </>
      ) : null}
    </RecomputeForm>
  );
}

function CrashForm({ game, lang }: { game: CrashGame; lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  const { form, result, view } = useRecompute(
    crashFormSchema,
    { hash: '' },
    ({ hash }): Promise<CrashRound> => crashRound(game.info, hash),
  );
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <RecomputeForm
      {...view}
      fields={
        <>
          <p className="fair-muted">{t('fair.crash.intro')}</p>
          <SeedTextField
            id={`${id}-hash`}
            label={t('fair.crash.hash')}
            error={errors.hash}
            {...register('hash')}
          />
        </>
      }
    >
      {result ? <CrashView round={result} lang={lang} /> : null}
    </RecomputeForm>
  );
}

/** The games by kind, each kind where its first game is in the server's list. */
function byKind(games: PublishedGame[]): [GameKind, PublishedGame[]][] {
  const groups = new Map<GameKind, PublishedGame[]>();
  for (const g of games) groups.set(g.kind, [...(groups.get(g.kind) ?? []), g]);
  return [...groups];
}

/** The steps of the algorithm, in short (the README has them in full). */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="fair-how" aria-labelledby="fair-how-title">
      <h2 id="fair-how-title" className="fair-how__title">
        {t('fair.how.title')}
      </h2>
      <ol className="fair-how__steps">
        <li>{t('fair.how.commit')}</li>
        <li>{t('fair.how.stream')}</li>
        <li>{t('fair.how.below')}</li>
        <li>{t('fair.how.games')}</li>
        <li>{t('fair.how.local')}</li>
      </ol>
    </section>
  );
}

/**
 * /fair: pick a studio game, paste the revealed server seed, the commitment shown before the
 * round, the client seed and the nonce (the crash game: a round's hash), and see the round
 * recomputed in this browser. Only the games' published parameters come from the server.
 */
export function FairPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'tr';
  const { data, isPending, isError, refetch } = usePublished();
  const [code, setCode] = useState('');
  const pickerId = useId();

  if (isPending) {
    return (
      <div className="fair-skeleton skeleton" aria-busy="true" aria-label={t('common.loading')} />
    );
  }
  if (isError || !data) {
    return (
      <div className="fair-panel fair-panel--empty">
        <p>{t('fair.loadFailed')}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const game = data.games.find((g) => g.code === code) ?? data.games[0];
  return (
    <div className="fair">
      <div className="fair-panel">
        <Field id={pickerId} label={t('fair.game')}>
          <InputBox
            icon="games"
            action={<Icon name="chevronDown" size={18} className="input-wrap__chevron" />}
          >
            <select
              id={pickerId}
              value={game?.code ?? ''}
              onChange={(e) => setCode(e.target.value)}
              data-testid="fair-game"
            >
              {byKind(data.games).map(([kind, games]) => (
                <optgroup key={kind} label={t(`fair.kind.${kind}`)}>
                  {games.map((g) => (
                    <option key={g.code} value={g.code}>
                      {g.name[lang]}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </InputBox>
        </Field>
        {game ? (
          game.kind === 'crash' ? (
            <CrashForm key={game.code} game={game} lang={lang} />
          ) : (
            <SeedForm key={game.code} game={game} jackpots={data.jackpots} lang={lang} />
          )
        ) : null}
      </div>
      <HowItWorks />
    </div>
  );
}
