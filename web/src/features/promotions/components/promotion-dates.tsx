import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import type { Promotion } from '../api/get-promotions';
import { promotionDates } from '../promotion-text';

/** "01.05.2026 – 31.05.2026", or "From 01.05.2026 · No end date", with a calendar icon. */
export function PromotionDatesText({
  promotion,
  className,
}: {
  promotion: Pick<Promotion, 'startsAt' | 'endsAt'>;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const { start, end } = promotionDates(promotion, i18n.language);
  if (!start) return null;
  return (
    <p className={`promo-dates${className ? ` ${className}` : ''}`}>
      <Icon name="calendar" size={16} />
      <span className="tabular">
        {end ? t('promotions.dates.range', { start, end }) : t('promotions.dates.open', { start })}
      </span>
    </p>
  );
}
