import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
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
 * celebration. A deposit bonus's Deposit takes a player to /dashboard/deposit with the bonus chosen
 * (?bonus=slug; the dialog goes with the page), and asks a visitor to log in first.
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
  const navigate = useNavigate();
  const onDeposit = useCallback(
    (promotion: Promotion, close: () => void) => {
      if (!getSession().isLoggedIn) {
        close();
        openDialog('login');
        return;
      }
      void navigate(`/dashboard/deposit?${new URLSearchParams({ bonus: promotion.slug })}`);
    },
    [navigate],
  );
  return (
    <div className="page-stack">
      <BannerCarousel slug="promotions" sliderList={bootstrap?.sliderList} />
      <PromotionsPage
        onClaim={onClaim}
        onDeposit={onDeposit}
        claimingSlug={pendingSlug}
        claimableSlugs={claimableSlugs}
      />
    </div>
  );
}
