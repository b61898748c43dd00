import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale } from '@/lib/format';
import './bonus-rule.css';

/** A bonus's terms as the server states them: amount, wagering multiple, maximum bet, days. */
export type BonusRuleValues = {
  amount: number;
  /** The wagering requirement as a multiple of the bonus. */
  wagering: number;
  maxBet: number;
  days: number;
};

/** 10 → "10x", 2.5 → "2,5x" in Turkish. */
export function formatMultiple(value: number, lang: string): string {
  return `${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(value)}x`;
}

/**
 * A bonus rule (promotion cards and dialog, the Claim Reward list): the amount, the wagering
 * multiple, the maximum bet and the days it lasts, each value under its label. `compact` sets it
 * on one wrapping line of small pills. `amountText` states the bonus otherwise than as an amount
 * (a deposit bonus's share of the deposit: "%100").
 */
export function BonusRule({
  rule,
  compact,
  amountText,
  className,
}: {
  rule: BonusRuleValues;
  compact?: boolean;
  amountText?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const items = [
    { key: 'amount', label: t('bonusRule.amount'), value: amountText ?? formatMoney(rule.amount) },
    {
      key: 'wagering',
      label: t('bonusRule.wagering'),
      value: formatMultiple(rule.wagering, i18n.language),
    },
    { key: 'maxBet', label: t('bonusRule.maxBet'), value: formatMoney(rule.maxBet) },
    {
      key: 'days',
      label: t('bonusRule.days'),
      value: t('bonusRule.daysValue', { count: rule.days }),
    },
  ];
  return (
    <dl
      className={`bonus-rule${compact ? ' bonus-rule--compact' : ''}${className ? ` ${className}` : ''}`}
    >
      {items.map((item) => (
        <div key={item.key} className={`bonus-rule__item bonus-rule__item--${item.key}`}>
          <dt>{item.label}</dt>
          <dd className="tabular">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
