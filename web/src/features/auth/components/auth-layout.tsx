import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useBootstrap } from '@/lib/bootstrap';
import { formatMoney } from '@/lib/format';

/** The branded side panel of the auth dialogs (desktop only): chips, cards and the perks. */
function AuthArt() {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const trial = data?.trialBonusAmount ?? 0;
  return (
    <aside className="auth__art" aria-hidden="true">
      <svg className="auth__art-svg" viewBox="0 0 400 400" fill="none">
        <defs>
          <linearGradient id="auth-card" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#24384e" />
            <stop offset="1" stopColor="#15212f" />
          </linearGradient>
          <radialGradient id="auth-chip-g" cx="0.5" cy="0.4" r="0.6">
            <stop offset="0" stopColor="#5ff0a6" />
            <stop offset="1" stopColor="#12a85f" />
          </radialGradient>
          <radialGradient id="auth-chip-o" cx="0.5" cy="0.4" r="0.6">
            <stop offset="0" stopColor="#ffd27a" />
            <stop offset="1" stopColor="#e08e00" />
          </radialGradient>
        </defs>
        <g transform="rotate(-14 150 190)">
          <rect
            x="70"
            y="90"
            width="150"
            height="210"
            rx="16"
            fill="url(#auth-card)"
            stroke="#35506b"
          />
          <text x="92" y="130" fill="#ff5c6c" fontSize="30" fontWeight="800">
            A
          </text>
          <path
            d="M145 170c-18 22-40 34-40 54 0 14 12 24 24 24 7 0 12-3 16-7-2 9-6 17-12 23h24c-6-6-10-14-12-23 4 4 9 7 16 7 12 0 24-10 24-24 0-20-22-32-40-54z"
            fill="#ff5c6c"
            opacity="0.9"
          />
        </g>
        <g transform="rotate(10 260 200)">
          <rect
            x="180"
            y="110"
            width="150"
            height="210"
            rx="16"
            fill="url(#auth-card)"
            stroke="#35506b"
          />
          <text x="200" y="150" fill="#eef3f8" fontSize="30" fontWeight="800">
            K
          </text>
          <path d="M255 190l26 40-26 40-26-40z" fill="#eef3f8" opacity="0.85" />
        </g>
        <g>
          <circle cx="96" cy="318" r="46" fill="url(#auth-chip-g)" />
          <circle
            cx="96"
            cy="318"
            r="46"
            stroke="#0e1621"
            strokeWidth="8"
            strokeDasharray="14 14"
            opacity="0.35"
          />
          <circle
            cx="96"
            cy="318"
            r="28"
            fill="none"
            stroke="#06220f"
            strokeWidth="3"
            opacity="0.4"
          />
        </g>
        <g>
          <circle cx="318" cy="82" r="36" fill="url(#auth-chip-o)" />
          <circle
            cx="318"
            cy="82"
            r="36"
            stroke="#2b1c00"
            strokeWidth="7"
            strokeDasharray="11 11"
            opacity="0.3"
          />
          <circle
            cx="318"
            cy="82"
            r="21"
            fill="none"
            stroke="#2b1c00"
            strokeWidth="3"
            opacity="0.35"
          />
        </g>
        <circle cx="340" cy="330" r="5" fill="#1fd17a" />
        <circle cx="60" cy="70" r="4" fill="#ffb020" />
        <circle cx="370" cy="200" r="3" fill="#3aa0ff" />
      </svg>
      <div className="auth__art-copy">
        <p className="auth__art-kicker">{t('auth.art.kicker')}</p>
        <p className="auth__art-title">{t('auth.art.title')}</p>
        <p className="auth__art-text">{t('auth.art.text')}</p>
        <ul className="auth__perks">
          {trial > 0 ? (
            <li>
              <Icon name="gift" size={16} />
              {t('auth.art.perkTrial', { amount: formatMoney(trial) })}
            </li>
          ) : null}
          <li>
            <Icon name="bolt" size={16} />
            {t('auth.art.perkFast')}
          </li>
          <li>
            <Icon name="shield" size={16} />
            {t('auth.art.perkSafe')}
          </li>
        </ul>
      </div>
    </aside>
  );
}

type AuthLayoutProps = {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Wider form column (registration). */
  wide?: boolean;
  footer?: ReactNode;
  children: ReactNode;
};

/** Auth dialog body: art panel on desktop, the form column beside it. */
export function AuthLayout({ title, subtitle, wide, footer, children }: AuthLayoutProps) {
  return (
    <div className={`auth${wide ? ' auth--wide' : ''}`}>
      <AuthArt />
      <div className="auth__scroll">
        <div className="auth__main">
          {title ? <h2 className="auth__title">{title}</h2> : null}
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {children}
          {footer ? <div className="auth__footer">{footer}</div> : null}
        </div>
      </div>
    </div>
  );
}

/** A numbered step indicator. */
export function Steps({ current, labels }: { current: number; labels: string[] }) {
  const { t } = useTranslation();
  return (
    <ol className="steps" aria-label={t('auth.steps.label')}>
      {labels.map((label, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li
            key={label}
            className={`steps__item steps__item--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="steps__dot">
              {state === 'done' ? <Icon name="check" size={14} /> : i + 1}
            </span>
            <span className="steps__label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
