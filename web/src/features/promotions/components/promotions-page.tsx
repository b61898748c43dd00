import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { usePromotions, type Promotion } from '../api/get-promotions';
import { PromotionCard } from './promotion-card';
import { PromotionDialog } from './promotion-dialog';
import './promotions.css';

/** The promotions page; /promotions/welcome is the page with the welcome bonus's dialog open. */
export const PROMOTIONS_PATH = '/promotions';

/** A promotion's own address: the page with its dialog open (the banners link there). */
export const promotionPath = (slug: string) => `${PROMOTIONS_PATH}/${encodeURIComponent(slug)}`;

/** The query parameter of the older links (/promotions?promotion=welcome opens it too). */
export const PROMOTION_PARAM = 'promotion';

export type PromotionsPageProps = {
  /** Claim a promotion's bonus; `close` closes its dialog (the app calls it after a credit). */
  onClaim: (promotion: Promotion, close: () => void) => void;
  /** A deposit bonus's Deposit; `close` closes its dialog. */
  onDeposit: (promotion: Promotion, close: () => void) => void;
  /** The slug whose claim is on its way. */
  claimingSlug: string | null;
  /** The slugs the logged-in player can claim now. */
  claimableSlugs: ReadonlySet<string>;
};

/**
 * /promotions: the running promotions as a grid of cards (first image, title, days, the bonus
 * rule when claimable); a card opens the Promotion dialog, kept in the address
 * (/promotions/slug, the route's `slug`) so a link can open it; closing it goes back to
 * /promotions in place. An unknown slug shows the page alone. An empty state when none runs.
 */
export function PromotionsPage({
  onClaim,
  onDeposit,
  claimingSlug,
  claimableSlugs,
}: PromotionsPageProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = usePromotions();
  const { slug } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openSlug = slug ?? params.get(PROMOTION_PARAM);
  const open = useMemo(
    () => (openSlug ? (data?.find((p) => p.slug === openSlug) ?? null) : null),
    [data, openSlug],
  );
  const show = useCallback(
    (promotion: Promotion) =>
      void navigate(promotionPath(promotion.slug), { replace: true, preventScrollReset: true }),
    [navigate],
  );
  const close = useCallback(
    () => void navigate(PROMOTIONS_PATH, { replace: true, preventScrollReset: true }),
    [navigate],
  );

  return (
    <div className="page-stack promotions">
      <header className="page-head">
        <span className="page-head__icon">
          <Icon name="promotions" size={24} />
        </span>
        <div>
          <h1 className="page-head__title">{t('menu.promotions')}</h1>
          <p className="page-head__text">{t('promotions.pageText')}</p>
        </div>
      </header>
      {isPending ? (
        <div className="promo-grid" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="promo-card promo-card--skeleton">
              <div className="promo-card__media" />
              <div className="promo-card__body">
                <span className="promo-skeleton promo-skeleton--title" />
                <span className="promo-skeleton" />
              </div>
            </div>
          ))}
        </div>
      ) : isError ? (
        <div className="promo-empty" role="alert">
          <Icon name="info" size={36} />
          <p className="promo-empty__text">{t('promotions.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : data.length === 0 ? (
        <section className="promo-empty" data-testid="promotions-empty">
          <div className="promo-empty__art" aria-hidden="true">
            <Icon name="promotions" size={40} />
          </div>
          <h2 className="promo-empty__title">{t('promotions.empty.title')}</h2>
          <p className="promo-empty__text">{t('promotions.empty.text')}</p>
          <Link to="/casino/slot" className="btn btn--primary">
            <Icon name="slots" size={18} />
            {t('promotions.empty.cta')}
          </Link>
        </section>
      ) : (
        <div className="promo-grid">
          {data.map((promotion) => (
            <PromotionCard
              key={promotion.slug}
              promotion={promotion}
              claimable={claimableSlugs.has(promotion.slug)}
              onOpen={show}
            />
          ))}
        </div>
      )}
      {open ? (
        <PromotionDialog
          promotion={open}
          onClose={close}
          onClaim={(promotion) => onClaim(promotion, close)}
          onDeposit={(promotion) => onDeposit(promotion, close)}
          claiming={claimingSlug === open.slug}
        />
      ) : null}
    </div>
  );
}
