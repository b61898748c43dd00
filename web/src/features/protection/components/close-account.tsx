import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Dialog } from '@/components/ui/dialog';
import { CheckField, FORM_MODE, SubmitButton } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import {
  EXCLUSION_TERMS,
  TIMEOUT_TERMS,
  termSchema,
  useCloseAccount,
  type Term,
} from '../api/close-account';

export type Closure = 'timeout' | 'exclusion';

const termForm = z.object({ term: termSchema });
type TermValues = z.infer<typeof termForm>;

const confirmForm = z.object({
  understood: z.boolean().check(z.refine((v) => v, 'protection.close.mustUnderstand')),
});
type ConfirmValues = z.infer<typeof confirmForm>;

/**
 * Take a break (a time-out of 24 hours to 6 weeks) or self-exclusion (6 months to permanent): the
 * term, then a confirmation that says it cannot be lifted early, with a box to tick. Nothing here
 * offers to undo it.
 */
export function CloseAccountSection({ closure }: { closure: Closure }) {
  const { t } = useTranslation();
  const terms = closure === 'timeout' ? TIMEOUT_TERMS : EXCLUSION_TERMS;
  const [chosen, setChosen] = useState<Term | null>(null);
  const { register, handleSubmit } = useForm<TermValues, unknown, TermValues>({
    resolver: zodResolver(termForm),
    mode: FORM_MODE,
    defaultValues: { term: terms[0] },
  });
  const onSubmit = handleSubmit(({ term }) => setChosen(term));
  const titleId = `protection-${closure}-title`;
  return (
    <section className={`protection-card protection-card--${closure}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="protection-card__title">
        {t(`protection.${closure}.title`)}
      </h2>
      <p className="protection-card__text">{t(`protection.${closure}.text`)}</p>
      <form className="limit-row__form limit-row__form--choice" onSubmit={onSubmit} noValidate>
        <fieldset className="choice-group">
          <legend className="choice-group__legend">{t(`protection.${closure}.legend`)}</legend>
          <div className="choice-group__options">
            {terms.map((term) => (
              <label key={term} className="choice">
                <input type="radio" value={term} {...register('term')} />
                <span>{t(`protection.term.${term}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="limit-row__actions">
          <button
            type="submit"
            className={closure === 'timeout' ? 'btn btn--gold-outline' : 'btn btn--danger'}
          >
            <Icon name={closure === 'timeout' ? 'clock' : 'lock'} size={16} />
            {t(`protection.${closure}.submit`)}
          </button>
        </div>
      </form>
      {chosen ? (
        <CloseDialog closure={closure} term={chosen} onClose={() => setChosen(null)} />
      ) : null}
    </section>
  );
}

function CloseDialog({
  closure,
  term,
  onClose,
}: {
  closure: Closure;
  term: Term;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = useCloseAccount();
  const {
    control,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<ConfirmValues, unknown, ConfirmValues>({
    resolver: zodResolver(confirmForm),
    mode: 'onChange',
    defaultValues: { understood: false },
  });
  const termText = t(`protection.term.${term}`);
  const onSubmit = handleSubmit(() => close.mutate(term));
  const id = `close-${closure}-understood`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`protection.${closure}.confirmTitle`, { term: termText })}
      size="medium"
      className="close-dialog"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="close-dialog__text">
          {t(`protection.${closure}.confirmText`, { term: termText })}
        </p>
        <p className="close-dialog__text close-dialog__text--strong">
          <Icon name="info" size={16} />
          {t('protection.close.noUndo')}
        </p>
        <CheckField control={control} name="understood" id={id} error={errors.understood}>
          {t('protection.close.understand')}
        </CheckField>
        <div className="close-dialog__actions">
          <button type="button" className="btn btn--ghost btn--lg" onClick={onClose}>
            {t('protection.close.cancel')}
          </button>
          <SubmitButton
            ready={isValid}
            pending={close.isPending}
            inRow
            label={t(`protection.${closure}.confirm`)}
            blockedReason={t('protection.close.tickFirst')}
          />
        </div>
      </form>
    </Dialog>
  );
}
