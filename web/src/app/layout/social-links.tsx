import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { SOCIAL_KEYS } from './menu-items';

/** The social networks the site options give a link for. */
export function useSocialKeys() {
  const options = useSiteOptions();
  return SOCIAL_KEYS.filter((k) => options[k]);
}

/** The social links (footer and the side menu's Follow Me); nothing when there are none. */
export function SocialLinks({ iconSize }: { iconSize: number }) {
  const { t } = useTranslation();
  const options = useSiteOptions();
  const keys = useSocialKeys();
  if (keys.length === 0) return null;
  return (
    <div className="menu-social">
      {keys.map((key) => (
        <a
          key={key}
          href={options[key]}
          target="_blank"
          rel="noopener noreferrer"
          className={`social social--${key}`}
          aria-label={t(`social.${key}`)}
        >
          <Icon name={key} size={iconSize} />
        </a>
      ))}
    </div>
  );
}
