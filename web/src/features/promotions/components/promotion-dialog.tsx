import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusRule } from '@/components/ui/bonus-rule';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { formatPercent } from '@/lib/format';
import { useSession } from '@/lib/session-store';
import type { Promotion } from '../api/get-promotions';
import { dialogImage, sanitizeHtml } from '../promotion-text';
import { DepositTermsText, depositTermsOf } from './deposit-terms';
import { PromotionDatesText } from './promotion-dates';

export type PromotionDialogProps = {
  promotion: Promotion;
  onClose: () => void;
  /** Claim: the app logs in a visitor first, or claims the bonus (see the promotions route). */
  onClaim: (promotion: Promotion) => void;
  /**
   * A deposit bonus's Deposit: the app logs in a visitor first, or takes a player to the deposit
   * page with the bonus chosen (see the promotions route).
   */
  onDeposit: (promotion: Promotion) => void;
  /** Its claim is on its way. */
  claiming: boolean;
};

/**
 * The Promotion dialog (spec section 2): the second image, the title and the HTML description
 * (sanitised again here); the days it runs; with a bonus, its rule and a Claim button (logged
 * out: Log in to claim); a deposit bonus (opted into with a deposit, never claimed) its terms in
 * words and a Deposit button instead; the terms below, collapsed.
 */
export function PromotionDialog({
  promotion,
  onClose,
  onClaim,
  onDeposit,
  claiming,
}: PromotionDialogProps) {
  const { t, i18n } = useTranslation();
  const { isLoggedIn } = useSession();
  const bonusHeading = useId();
  const description = useMemo(() => sanitizeHtml(promotion.description), [promotion.description]);
  const terms = useMemo(() => sanitizeHtml(promotion.terms), [promotion.terms]);
  const { bonus } = promotion;
  const deposit = depositTermsOf(promotion);
  return (
    <Dialog open onClose={onClose} title={promotion.title} size="medium" className="promo-dialog">
      <div className="promo-dialog__media">
        <img src={dialogImage(promotion)} alt="" width={1040} height={600} />
      </div>
      <PromotionDatesText promotion={promotion} className="promo-dialog__dates" />
      {bonus ? (
        <section className="promo-dialog__bonus" aria-labelledby={bonusHeading}>
          <h3 id={bonusHeading} className="promo-dialog__bonus-title">
            <Icon name="gift" size={18} />
            {t('promotions.bonusTitle')}
          </h3>
          {deposit ? <DepositTermsText terms={deposit} maxBonus={bonus.amount} /> : null}
          <BonusRule
            rule={bonus}
            amountText={deposit ? formatPercent(deposit.percent, i18n.language) : undefined}
          />
          {deposit ? (
            <button
              type="button"
              className="btn btn--primary btn--lg btn--block"
              onClick={() => onDeposit(promotion)}
              data-testid="promotion-deposit"
            >
              <Icon name={isLoggedIn ? 'wallet' : 'login'} size={18} />
              {t('promotions.deposit.cta')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--lg btn--block"
              onClick={() => onClaim(promotion)}
              disabled={claiming}
              aria-busy={claiming}
              data-testid="promotion-claim"
            >
              <Icon name={isLoggedIn ? 'gift' : 'login'} size={18} />
              {claiming
                ? t('common.loading')
                : isLoggedIn
                  ? t('promotions.claim')
                  : t('promotions.loginToClaim')}
            </button>
          )}
        </section>
      ) : null}
      <div
        className="promo-prose"
        data-testid="promotion-description"
        dangerouslySetInnerHTML={{ __html: description }}
      />
      {terms.trim() ? (
        <details className="promo-terms">
          <summary>
            <Icon name="chevronDown" size={18} className="promo-terms__chevron" />
            {t('promotions.terms')}
          </summary>
          <div
            className="promo-prose promo-terms__body"
            dangerouslySetInnerHTML={{ __html: terms }}
          />
        </details>
      ) : null}
    </Dialog>
  );
}
