import { useTranslation } from 'react-i18next';
import { BonusRule } from '@/components/ui/bonus-rule';
import { Icon } from '@/components/ui/icon';
import { formatPercent } from '@/lib/format';
import type { Promotion } from '../api/get-promotions';
import { cardImage } from '../promotion-text';
import { DepositTermsText, depositTermsOf } from './deposit-terms';
import { PromotionDatesText } from './promotion-dates';

/**
 * A promotion's card: its first image, title, days and, when it has one, its bonus rule (a deposit
 * bonus's terms in words first: its share, the most it gives, the least deposit, when). The
 * title is the button that opens the Promotion dialog; it covers the whole card, so the card is
 * one target with one name, and the title stays a heading.
 */
export function PromotionCard({
  promotion,
  claimable,
  onOpen,
}: {
  promotion: Promotion;
  /** The logged-in player can claim its bonus now. */
  claimable: boolean;
  onOpen: (promotion: Promotion) => void;
}) {
  const { t, i18n } = useTranslation();
  const deposit = depositTermsOf(promotion);
  return (
    <article className="promo-card" data-testid="promotion" data-slug={promotion.slug}>
      <div className="promo-card__media">
        <img src={cardImage(promotion)} alt="" width={1040} height={600} loading="lazy" />
        {promotion.bonus ? (
          <span className={`promo-card__flag${claimable ? ' promo-card__flag--ready' : ''}`}>
            <Icon name="gift" size={14} />
            {claimable
              ? t('promotions.claimable')
              : deposit
                ? t('promotions.depositBonus')
                : t('promotions.withBonus')}
          </span>
        ) : null}
      </div>
      <div className="promo-card__body">
        <h2 className="promo-card__title">
          <button
            type="button"
            className="promo-card__open"
            onClick={() => onOpen(promotion)}
            aria-haspopup="dialog"
          >
            {promotion.title}
          </button>
        </h2>
        <PromotionDatesText promotion={promotion} className="promo-card__dates" />
        {promotion.bonus && deposit ? (
          <DepositTermsText terms={deposit} maxBonus={promotion.bonus.amount} />
        ) : null}
        {promotion.bonus ? (
          <BonusRule
            rule={promotion.bonus}
            compact
            amountText={deposit ? formatPercent(deposit.percent, i18n.language) : undefined}
          />
        ) : null}
        <span className="promo-card__more" aria-hidden="true">
          {t('promotions.details')}
          <Icon name="chevronRight" size={16} />
        </span>
      </div>
    </article>
  );
}
