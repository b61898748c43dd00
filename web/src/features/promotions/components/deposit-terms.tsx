import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoneyShort, formatPercent } from '@/lib/format';
import type { Promotion } from '../api/get-promotions';
import { weekdayName } from '../promotion-text';

type PromotionBonus = NonNullable<Promotion['bonus']>;
type DepositTerms = NonNullable<PromotionBonus['deposit']>;

/** A promotion whose bonus is a share of a deposit: opted into in the deposit dialog, never claimed. */
export function depositTermsOf(promotion: Pick<Promotion, 'bonus'>): DepositTerms | null {
  return promotion.bonus?.deposit ?? null;
}

/**
 * A deposit bonus's terms in words: "%100, 5.000 ₺'ye kadar · En az yatırım 100 ₺ · İlk yatırıma"
 * ("100% up to ₺5,000 · Minimum deposit ₺100 · On your first deposit"), a weekday's as "Cuma
 * günleri" ("Fridays"). `maxBonus` is the most the bonus gives.
 */
export function DepositTermsText({
  terms,
  maxBonus,
  className,
}: {
  terms: DepositTerms;
  maxBonus: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const parts = [
    t('promotions.deposit.match', {
      percent: formatPercent(terms.percent, lang),
      max: formatMoneyShort(maxBonus, lang),
    }),
    t('promotions.deposit.minDeposit', { amount: formatMoneyShort(terms.minDeposit, lang) }),
  ];
  if (terms.firstDeposit) parts.push(t('promotions.deposit.firstDeposit'));
  if (terms.weekday) {
    parts.push(t('promotions.deposit.weekday', { day: weekdayName(terms.weekday, lang) }));
  }
  return (
    <p
      className={`promo-deposit${className ? ` ${className}` : ''}`}
      data-testid="promotion-deposit-terms"
    >
      <Icon name="wallet" size={16} />
      <span>{parts.join(' · ')}</span>
    </p>
  );
}
