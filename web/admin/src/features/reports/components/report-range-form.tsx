import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '../../../components/ui/field';
import type { ReportRange } from '../api/get-report';
import { MAX_DAYS, presets, rangeFormSchema, turkeyToday, type RangeValues } from '../utils/range';

/**
 * The report's range: two of Turkey's days (at most 92, none to come), or one of the usual ranges
 * in one click.
 */
export function ReportRangeForm({
  range,
  onChange,
  now,
}: {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
  /** The time now, epoch ms (`useNow`). */
  now: number;
}) {
  const today = turkeyToday(now);
  const form = useForm<RangeValues>({
    resolver: zodResolver(rangeFormSchema(today)),
    defaultValues: range,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const choices = presets(now);
  return (
    <form
      className="range-form"
      noValidate
      aria-label="Report range"
      onSubmit={form.handleSubmit((values) => onChange(values))}
    >
      <div className="range-form__fields">
        <TextField
          label="From"
          type="date"
          max={today}
          className="field--date"
          error={errors.from?.message}
          {...form.register('from')}
        />
        <TextField
          label="To"
          type="date"
          max={today}
          className="field--date"
          error={errors.to?.message}
          {...form.register('to')}
        />
        <button type="submit" className="btn btn--primary range-form__submit">
          Show report
        </button>
      </div>
      <div className="range-form__presets" role="group" aria-label="Usual ranges">
        {choices.map((choice) => {
          const current = choice.range.from === range.from && choice.range.to === range.to;
          return (
            <button
              key={choice.label}
              type="button"
              className="btn btn--ghost btn--sm"
              aria-pressed={current}
              onClick={() => onChange(choice.range)}
            >
              {choice.label}
            </button>
          );
        })}
      </div>
      <p className="field__hint range-form__hint">
        Turkey&rsquo;s days (UTC+3), both included; at most {MAX_DAYS} days.
      </p>
    </form>
  );
}
