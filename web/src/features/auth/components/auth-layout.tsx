import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, type DialogSize } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { closeDialog, openDialog, useOpenDialog, type DialogName } from '../stores/dialogs';
import { useAuthDialogsContext } from './auth-dialogs-context';

type AuthDialogProps = {
  /** The dialog flag that opens it. */
  name: DialogName;
  title: string;
  hideTitle?: boolean;
  size?: DialogSize;
  children: ReactNode;
};

/** A dialog shown while the dialog store names it; closing clears the flag. */
export function AuthDialog({ name, title, hideTitle, size, children }: AuthDialogProps) {
  const open = useOpenDialog() === name;
  return (
    <Dialog
      open={open}
      onClose={() => closeDialog(name)}
      title={title}
      hideTitle={hideTitle}
      size={size}
    >
      {children}
    </Dialog>
  );
}

/** A footer line: a question and the accent link opening another auth dialog. */
export function AuthSwitch({ text, link, to }: { text: string; link: string; to: DialogName }) {
  return (
    <span>
      {text}{' '}
      <button type="button" className="link-btn link-btn--accent" onClick={() => openDialog(to)}>
        {link}
      </button>
    </span>
  );
}

/** A playing card of the art panel: the frame, then its rank and suit. */
function ArtCard({
  x,
  y,
  transform,
  children,
}: {
  x: number;
  y: number;
  transform: string;
  children: ReactNode;
}) {
  return (
    <g transform={transform}>
      <rect x={x} y={y} width="150" height="210" rx="16" fill="url(#auth-card)" stroke="#35506b" />
      {children}
    </g>
  );
}

type ArtChipProps = {
  cx: number;
  cy: number;
  r: number;
  fill: string;
  /** The dashed edge: stroke, width, dash length, opacity. */
  edge: [stroke: string, width: number, dash: number, opacity: number];
  /** The inner ring: radius, stroke, opacity. */
  core: [r: number, stroke: string, opacity: number];
};

/** A casino chip of the art panel: the face, its dashed edge and an inner ring. */
function ArtChip({ cx, cy, r, fill, edge, core }: ArtChipProps) {
  const [edgeStroke, edgeWidth, dash, edgeOpacity] = edge;
  const [coreR, coreStroke, coreOpacity] = core;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={fill} />
      <circle
        cx={cx}
        cy={cy}
        r={r}
        stroke={edgeStroke}
        strokeWidth={edgeWidth}
        strokeDasharray={`${dash} ${dash}`}
        opacity={edgeOpacity}
      />
      <circle
        cx={cx}
        cy={cy}
        r={coreR}
        fill="none"
        stroke={coreStroke}
        strokeWidth="3"
        opacity={coreOpacity}
      />
    </g>
  );
}

/** The branded side panel of the auth dialogs (desktop only): chips, cards and the perks. */
function AuthArt() {
  const { t } = useTranslation();
  const trial = useAuthDialogsContext().trialBonusAmount;
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
        <ArtCard x={70} y={90} transform="rotate(-14 150 190)">
          <text x="92" y="130" fill="#ff5c6c" fontSize="30" fontWeight="800">
            A
          </text>
          <path
            d="M145 170c-18 22-40 34-40 54 0 14 12 24 24 24 7 0 12-3 16-7-2 9-6 17-12 23h24c-6-6-10-14-12-23 4 4 9 7 16 7 12 0 24-10 24-24 0-20-22-32-40-54z"
            fill="#ff5c6c"
            opacity="0.9"
          />
        </ArtCard>
        <ArtCard x={180} y={110} transform="rotate(10 260 200)">
          <text x="200" y="150" fill="#eef3f8" fontSize="30" fontWeight="800">
            K
          </text>
          <path d="M255 190l26 40-26 40-26-40z" fill="#eef3f8" opacity="0.85" />
        </ArtCard>
        <ArtChip
          cx={96}
          cy={318}
          r={46}
          fill="url(#auth-chip-g)"
          edge={['#0e1621', 8, 14, 0.35]}
          core={[28, '#06220f', 0.4]}
        />
        <ArtChip
          cx={318}
          cy={82}
          r={36}
          fill="url(#auth-chip-o)"
          edge={['#2b1c00', 7, 11, 0.3]}
          core={[21, '#2b1c00', 0.35]}
        />
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
