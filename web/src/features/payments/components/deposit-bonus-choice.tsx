import { useId, useMemo, type Ref } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMultiple } from '@/components/ui/bonus-rule';
import { useErrorText } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { formatMoney, formatMoneyShort, formatPercent } from '@/lib/format';
import { sanitizeHtml } from '@/lib/html';
import { depositBonusFor, type DepositOffer } from '../api/get-deposit-bonuses';

/** One offer: its title and terms in brief, the radio's name and description; its terms below. */
function OfferOption({
  offer,
  name,
  checked,
  onChoose,
  onBlur,
  inputRef,
}: {
  offer: DepositOffer;
  name: string;
  checked: boolean;
  onChoose: () => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleId = useId();
  const briefId = useId();
  const terms = useMemo(() => sanitizeHtml(offer.terms), [offer.terms]);
  return (
    <li className={`pay-bonus__item${checked ? ' pay-bonus__item--on' : ''}`}>
      <label className="pay-bonus__option">
        <input
          ref={inputRef}
          type="radio"
          name={name}
          value={offer.slug}
          checked={checked}
          onChange={onChoose}
          onBlur={onBlur}
          aria-labelledby={titleId}
          aria-describedby={briefId}
        />
        <span className="pay-bonus__text">
          <span id={titleId} className="pay-bonus__title">
            {offer.title}
          </span>
          <span id={briefId} className="pay-bonus__brief tabular">
            {t('payments.bonus.offer', {
              percent: formatPercent(offer.percent, lang),
              max: formatMoneyShort(offer.maxBonus, lang),
              min: formatMoneyShort(offer.minDeposit, lang),
              wagering: formatMultiple(offer.wagering, lang),
            })}
          </span>
        </span>
      </label>
      {terms.trim() ? (
        <details className="pay-bonus__terms">
          <summary>
            <Icon name="chevronDown" size={16} className="pay-bonus__chevron" />
            {t('payments.bonus.terms')}
            <span className="visually-hidden">: {offer.title}</span>
          </summary>
          <div className="pay-prose" dangerouslySetInnerHTML={{ __html: terms }} />
        </details>
      ) : null}
    </li>
  );
}

/**
 * The deposit form's Bonus choice (issue 30): No bonus, or one of the deposit bonuses the player
 * may opt into now, each with its terms in brief and in full (sanitised HTML, collapsed). For the
 * amount typed, what the chosen one gives (its percent, at most its maxBonus) or the least deposit
 * it needs. `value` is the chosen slug, '' for none; `inputRef` goes to the checked radio (the
 * focus of a refusal), `error` is the server's refusal of the choice.
 */
export function DepositBonusChoice({
  offers,
  value,
  onChange,
  onBlur,
  inputRef,
  amount,
  error,
}: {
  offers: readonly DepositOffer[];
  value: string;
  onChange: (slug: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The amount typed, in lira; null while none. */
  amount: number | null;
  error?: FieldError;
}) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = useId();
  const errorText = useErrorText();
  const message = errorText(error);
  const chosen = offers.find((o) => o.slug === value) ?? null;
  const bonus = chosen ? depositBonusFor(amount, chosen) : 0;
  const short = chosen !== null && bonus === 0;
  return (
    <fieldset
      className={`pay-bonus${message ? ' pay-bonus--invalid' : ''}`}
      aria-describedby={message ? errorId : undefined}
      data-testid="deposit-bonuses"
    >
      <legend className="pay-bonus__legend">
        <Icon name="gift" size={16} />
        {t('payments.bonus.legend')}
      </legend>
      <ul className="pay-bonus__list">
        <li className={`pay-bonus__item${chosen ? '' : ' pay-bonus__item--on'}`}>
          <label className="pay-bonus__option">
            <input
              ref={chosen ? undefined : inputRef}
              type="radio"
              name={name}
              value=""
              checked={!chosen}
              onChange={() => onChange('')}
              onBlur={onBlur}
            />
            <span className="pay-bonus__text">
              <span className="pay-bonus__title">{t('payments.bonus.none')}</span>
            </span>
          </label>
        </li>
        {offers.map((offer) => (
          <OfferOption
            key={offer.slug}
            offer={offer}
            name={name}
            checked={chosen?.slug === offer.slug}
            onChoose={() => onChange(offer.slug)}
            onBlur={onBlur}
            inputRef={chosen?.slug === offer.slug ? inputRef : undefined}
          />
        ))}
      </ul>
      {chosen ? (
        <p className="pay-bonus__result" aria-live="polite" data-testid="deposit-bonus-amount">
          <strong className="tabular">
            {t('payments.bonus.yours', { amount: formatMoney(bonus) })}
          </strong>
          {short ? (
            <span className="pay-bonus__min">
              {t('payments.bonus.needsMin', { amount: formatMoney(chosen.minDeposit) })}
            </span>
          ) : null}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="field__error" role="alert">
          <Icon name="info" size={14} />
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
