import { useCallback, useMemo } from 'react';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { openDialog } from '@/features/auth/stores/dialogs';
import { useClaimBonus } from '@/features/bonuses/api/claim-bonus';
import { useClaimable } from '@/features/bonuses/api/get-claimable';
import type { Promotion } from '@/features/promotions/api/get-promotions';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';
import { getSession } from '@/lib/session-store';
import './pages.css';

/**
 * /promotions: the promotions' banners and cards. A promotion's Claim is composed here (features
 * do not import each other): a visitor is asked to log in first (the dialog closes for the login
 * form); a player claims the bonus (bonuses feature), and a credit closes the dialog for the
 * celebration.
 */
export function PromotionsRoute() {
  const { data: bootstrap } = useBootstrap();
  const { claim, pendingSlug } = useClaimBonus();
  const { data: claimable } = useClaimable();
  const claimableSlugs = useMemo(() => new Set((claimable ?? []).map((c) => c.slug)), [claimable]);
  const onClaim = useCallback(
    (promotion: Promotion, close: () => void) => {
      if (!getSession().isLoggedIn) {
        close();
        openDialog('login');
        return;
      }
      claim(promotion.slug, close);
    },
    [claim],
  );
  return (
    <div className="page-stack">
      <BannerCarousel slug="promotions" sliderList={bootstrap?.sliderList} />
      <PromotionsPage
        onClaim={onClaim}
        claimingSlug={pendingSlug}
        claimableSlugs={claimableSlugs}
      />
    </div>
  );
}
