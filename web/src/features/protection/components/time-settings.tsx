import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { FORM_MODE, Field, InputBox, describedBy, serverFieldErrors } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { V } from '@/lib/validation';
import { limitOf, type Protection } from '../api/get-protection';
import { useSetLimit } from '../api/set-limit';
import { LimitActions } from './limit-actions';
import { PendingNote } from './pending-note';

/** The session time limit's bounds, in minutes (the server's). */
export const SESSION_MINUTES = { min: 10, max: 1440 } as const;

/** The reality check's intervals (minutes); off is none. */
export const REALITY_MINUTES = [15, 30, 60] as const;

const minutesRule = `protection.rule.minutes:${SESSION_MINUTES.min}-${SESSION_MINUTES.max}`;

const minutesSchema = z.object({
  minutes: z.string().check(
    z.refine((v) => v.trim() !== '', V.required),
    z.refine((v) => {
      const t = v.trim();
      if (t === '') return true;
      const n = Number(t);
      return /^\d+$/.test(t) && n >= SESSION_MINUTES.min && n <= SESSION_MINUTES.max;
    }, minutesRule),
  ),
});

type MinutesValues = z.infer<typeof minutesSchema>;

const MINUTES_ERRORS = serverFieldErrors<MinutesValues>(['minutes'], { value: 'minutes' });

/** The session time limit: minutes from each login, then the session ends. */
export function SessionLimitSection({ data }: { data: Protection }) {
  const { t } = useTranslation();
  const limit = limitOf(data, 'session', 'session');
  const save = useSetLimit(MINUTES_ERRORS);
  const id = 'limit-session';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<MinutesValues, unknown, MinutesValues>({
    resolver: zodResolver(minutesSchema),
    mode: FORM_MODE,
    defaultValues: { minutes: '' },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { kind: 'session', period: 'session', value: Number(values.minutes.trim()) },
      {
        onSuccess: () => reset(),
        onError: (error) => MINUTES_ERRORS.apply(error, setError, setFocus),
      },
    ),
  );
  return (
    <section className="protection-card" aria-labelledby="protection-session-title">
      <h2 id="protection-session-title" className="protection-card__title">
        {t('protection.session.title')}
      </h2>
      <p className="protection-card__text">{t('protection.session.text')}</p>
      <div className="inset-card limit-row">
        <div className="limit-row__head">
          <p className="limit-row__title">{t('protection.current')}</p>
          <p className="limit-row__value tabular" data-testid="limit-value">
            {limit.value != null
              ? t('protection.minutes', { count: limit.value })
              : t('protection.noLimit')}
          </p>
        </div>
        <form className="limit-row__form limit-row__form--alone" onSubmit={onSubmit} noValidate>
          <Field
            id={id}
            label={t('protection.session.newLimit')}
            error={errors.minutes}
            hint={t('protection.session.hint', SESSION_MINUTES)}
          >
            <InputBox icon="clock">
              <input
                id={id}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                {...describedBy(id, errors.minutes)}
                {...register('minutes')}
              />
            </InputBox>
          </Field>
          <LimitActions kind="session" period="session" limit={limit} saving={save.isPending} />
        </form>
        {limit.pending ? (
          <PendingNote kind="session" period="session" pending={limit.pending} />
        ) : null}
      </div>
    </section>
  );
}

const realitySchema = z.object({ interval: z.enum(['off', '15', '30', '60']) });
type RealityValues = z.infer<typeof realitySchema>;

/** The reality check: a reminder every 15, 30 or 60 minutes of the time and money since login. */
export function RealityCheckSection({ data }: { data: Protection }) {
  const { t } = useTranslation();
  const limit = limitOf(data, 'reality', 'session');
  const save = useSetLimit();
  const current: RealityValues['interval'] =
    limit.value != null && REALITY_MINUTES.includes(limit.value as 15 | 30 | 60)
      ? (String(limit.value) as RealityValues['interval'])
      : 'off';
  const { register, handleSubmit } = useForm<RealityValues, unknown, RealityValues>({
    resolver: zodResolver(realitySchema),
    mode: FORM_MODE,
    defaultValues: { interval: current },
  });
  const onSubmit = handleSubmit(({ interval }) =>
    save.mutate({
      kind: 'reality',
      period: 'session',
      value: interval === 'off' ? null : Number(interval),
    }),
  );
  const options = [
    { value: 'off', label: t('protection.reality.off') },
    ...REALITY_MINUTES.map((m) => ({
      value: String(m),
      label: t('protection.reality.every', { count: m }),
    })),
  ];
  return (
    <section className="protection-card" aria-labelledby="protection-reality-title">
      <h2 id="protection-reality-title" className="protection-card__title">
        {t('protection.reality.title')}
      </h2>
      <p className="protection-card__text">{t('protection.reality.text')}</p>
      <div className="inset-card limit-row">
        <div className="limit-row__head">
          <p className="limit-row__title">{t('protection.current')}</p>
          <p className="limit-row__value" data-testid="limit-value">
            {limit.value != null
              ? t('protection.reality.every', { count: limit.value })
              : t('protection.reality.off')}
          </p>
        </div>
        <form className="limit-row__form limit-row__form--choice" onSubmit={onSubmit} noValidate>
          <fieldset className="choice-group">
            <legend className="choice-group__legend">{t('protection.reality.legend')}</legend>
            <div className="choice-group__options">
              {options.map((o) => (
                <label key={o.value} className="choice">
                  <input type="radio" value={o.value} {...register('interval')} />
                  <span>{o.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="limit-row__actions">
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              <Icon name="check" size={16} />
              {save.isPending ? t('common.loading') : t('protection.save')}
            </button>
          </div>
        </form>
        {limit.pending ? (
          <PendingNote
            kind="reality"
            period="session"
            pending={limit.pending}
            confirmable={false}
          />
        ) : null}
      </div>
    </section>
  );
}
