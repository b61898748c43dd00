import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BonusRule } from '@/components/ui/bonus-rule';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { useClaimBonus } from '../api/claim-bonus';
import { useClaimable, type Claimable } from '../api/get-claimable';
import { closeClaimDialog } from '../stores/claim-dialog';
import './bonuses.css';

/**
 * Claim Reward for a logged-in player: the rewards they can claim now (title, amount, wagering,
 * maximum bet, days), each with its Claim button (POST bonus/claim). A credit closes the dialog
 * and is celebrated; an answer that nothing came is an info toast and the list is read again.
 * With nothing to claim it says so and points to the promotions. The trial bonus before the phone
 * is verified says to verify first and opens the verification (`onVerifyPhone`) instead of a
 * Claim the server would refuse.
 */
export function ClaimRewardDialog({ onVerifyPhone }: { onVerifyPhone: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useClaimable({ fresh: true });
  const { claim, pendingSlug } = useClaimBonus();
  return (
    <Dialog
      open
      onClose={closeClaimDialog}
      title={t('header.claimReward')}
      size="medium"
      className="claim-dialog"
    >
      <p className="claim-dialog__intro">{t('bonuses.claim.text')}</p>
      {isPending ? (
        <div className="bonus-skeleton" aria-busy="true" aria-label={t('common.loading')} />
      ) : isError ? (
        <div className="bonus-empty" role="alert">
          <p>{t('bonuses.claim.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : data.length === 0 ? (
        <div className="bonus-empty" data-testid="claim-empty">
          <span className="bonus-empty__art" aria-hidden="true">
            <Icon name="gift" size={36} />
          </span>
          <p className="bonus-empty__title">{t('bonuses.claim.empty')}</p>
          <p>{t('bonuses.claim.emptyText')}</p>
          <Link to="/promotions" className="btn btn--primary" onClick={closeClaimDialog}>
            <Icon name="promotions" size={18} />
            {t('bonuses.seePromotions')}
          </Link>
        </div>
      ) : (
        <ul className="claim-list" aria-label={t('bonuses.claim.listLabel')}>
          {data.map((item) => (
            <ClaimItem
              key={item.slug}
              item={item}
              pending={pendingSlug === item.slug}
              busy={pendingSlug !== null}
              onClaim={() => claim(item.slug, closeClaimDialog)}
              onVerifyPhone={() => {
                closeClaimDialog();
                onVerifyPhone();
              }}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function ClaimItem({
  item,
  pending,
  busy,
  onClaim,
  onVerifyPhone,
}: {
  item: Claimable;
  pending: boolean;
  busy: boolean;
  onClaim: () => void;
  onVerifyPhone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="claim-item" data-testid="claimable" data-slug={item.slug}>
      <div className="claim-item__head">
        {item.image ? (
          <img className="claim-item__image" src={item.image} alt="" width={104} height={60} />
        ) : (
          <span className="claim-item__image claim-item__image--icon" aria-hidden="true">
            <Icon name="gift" size={26} />
          </span>
        )}
        <p className="claim-item__title">{item.title}</p>
      </div>
      <BonusRule rule={item} />
      {item.needsPhone ? (
        <>
          <p className="claim-item__needs" id={`claim-needs-${item.slug}`}>
            {t('bonuses.claim.needsPhone')}
          </p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={onVerifyPhone}
            aria-describedby={`claim-needs-${item.slug}`}
          >
            <Icon name="phone" size={18} />
            {t('bonuses.claim.verifyPhone')}
          </button>
        </>
      ) : (
        <ClaimButton item={item} pending={pending} busy={busy} onClaim={onClaim} />
      )}
    </li>
  );
}

function ClaimButton({
  item,
  pending,
  busy,
  onClaim,
}: {
  item: Claimable;
  pending: boolean;
  busy: boolean;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      onClick={onClaim}
      disabled={busy}
      aria-busy={pending}
      aria-label={`${pending ? t('common.loading') : t('bonuses.claim.button')}: ${item.title}`}
    >
      <Icon name="gift" size={18} />
      {pending ? t('common.loading') : t('bonuses.claim.button')}
    </button>
  );
}
