import type { CSSProperties, ReactNode } from 'react';

/** Our own inline SVG icons (24×24 grid, stroke based). */
const paths: Record<string, ReactNode> = {
  menu: (
    <>
      <path d="M4 6h16" />
      <path d="M4 12h16" />
      <path d="M4 18h10" />
    </>
  ),
  close: (
    <>
      <path d="M6 6l12 12" />
      <path d="M18 6L6 18" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M4 7l8 6 8-6" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
      <path d="M3.5 10h17" />
      <path d="M8 3v4" />
      <path d="M16 3v4" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </>
  ),
  idCard: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <circle cx="9" cy="11" r="2.2" />
      <path d="M5.8 16c.6-1.6 1.8-2.4 3.2-2.4s2.6.8 3.2 2.4" />
      <path d="M15 10h3" />
      <path d="M15 13.5h3" />
    </>
  ),
  device: (
    <>
      <rect x="3" y="4.5" width="18" height="12" rx="2" />
      <path d="M8.5 20h7" />
      <path d="M12 16.5V20" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="14" r="4" />
      <path d="M11 11l8-8" />
      <path d="M16 6l2.5 2.5" />
      <path d="M14 8l2 2" />
    </>
  ),
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronLeft: <path d="M15 6l-6 6 6 6" />,
  chevronRight: <path d="M9 6l6 6-6 6" />,
  arrowUp: (
    <>
      <path d="M12 19V5" />
      <path d="M6 11l6-6 6 6" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  chat: (
    <>
      <path d="M20 12a7.5 7.5 0 0 1-11.2 6.5L4 20l1.5-4.4A7.5 7.5 0 1 1 20 12z" />
      <path d="M9 11h.01M12.5 11h.01M16 11h.01" strokeWidth={2.6} />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
      <path d="M5 12.5V20h14v-7.5" />
      <path d="M12 8.5V20" />
      <path d="M12 8.5C10.5 5 7.5 4.5 7 6.5S9.5 8.5 12 8.5zM12 8.5c1.5-3.5 4.5-4 5-2s-2.5 2-5 2z" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.5 20c1-4 4-5.8 7.5-5.8s6.5 1.8 7.5 5.8" />
    </>
  ),
  userPlus: (
    <>
      <circle cx="10" cy="8.5" r="3.6" />
      <path d="M3.5 20c.9-3.8 3.6-5.6 6.5-5.6 1.6 0 3.1.5 4.3 1.6" />
      <path d="M18 13v6M15 16h6" />
    </>
  ),
  login: (
    <>
      <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
      <path d="M4 12h11" />
      <path d="M11 8l4 4-4 4" />
    </>
  ),
  logout: (
    <>
      <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
      <path d="M9 12h11" />
      <path d="M16 8l4 4-4 4" />
    </>
  ),
  wallet: (
    <>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
      <rect x="4" y="8" width="16" height="11" rx="2.5" />
      <path d="M16 13.5h.01" strokeWidth={2.6} />
    </>
  ),
  plus: (
    <>
      <path d="M12 5v14" />
      <path d="M5 12h14" />
    </>
  ),
  home: (
    <>
      <path d="M4 11l8-6.5 8 6.5" />
      <path d="M6 9.5V20h12V9.5" />
      <path d="M10 20v-5h4v5" />
    </>
  ),
  slots: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M9 5v14M15 5v14" />
      <path d="M5 10.5h2.2L5.8 14M11 10.5h2.2L11.8 14M17 10.5h2.2L17.8 14" />
    </>
  ),
  live: (
    <>
      <rect x="4" y="3.5" width="11" height="15" rx="1.8" transform="rotate(-8 9.5 11)" />
      <path d="M14.5 6.8l4 1.1a1.8 1.8 0 0 1 1.3 2.2L17 19.5a1.8 1.8 0 0 1-2.2 1.3l-4-1" />
      <path d="M9.4 8.5l1.6 2.3-2 2.1-1.6-2.3z" />
    </>
  ),
  sport: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5l3.5 2.5-1.3 4h-4.4L8.5 10z" />
      <path d="M12 3.5v4M15.5 10l4.5-1.5M14.2 14l2.6 3.8M9.8 14l-2.6 3.8M8.5 10L4 8.5" />
    </>
  ),
  liveSport: (
    <>
      <circle cx="10" cy="13" r="6.5" />
      <path d="M10 9.5l2.6 1.9-1 3h-3.2l-1-3z" />
      <path d="M17.5 3.5a5 5 0 0 1 3 3M16.5 6a2.2 2.2 0 0 1 1.4 1.4" />
    </>
  ),
  plane: <path d="M21 4L3 11l6.5 2.2L12 20l3-5.5L21 4zM9.5 13.2L21 4" />,
  bingo: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M11 10.5l1.2-.8v4.6" />
    </>
  ),
  games: (
    <>
      <path d="M7 8h10a4 4 0 0 1 4 4.2l-.3 3.3a2.6 2.6 0 0 1-4.6 1.4L14.5 15h-5l-1.6 1.9a2.6 2.6 0 0 1-4.6-1.4L3 12.2A4 4 0 0 1 7 8z" />
      <path d="M8 10.5v3M6.5 12h3M15.5 11.5h.01M17.5 13h.01" />
    </>
  ),
  tv: (
    <>
      <rect x="3" y="6.5" width="18" height="12.5" rx="2" />
      <path d="M8.5 3l3.5 3.5L15.5 3" />
      <path d="M10 10.5l4 2.3-4 2.2z" />
    </>
  ),
  promotions: (
    <>
      <path d="M3.5 12.5V6a2.5 2.5 0 0 1 2.5-2.5h6.5l8 8-9 9z" />
      <circle cx="8.5" cy="8.5" r="1.5" />
    </>
  ),
  phone: (
    <path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5C10.6 20 4 13.4 3.5 5.6A1.5 1.5 0 0 1 5 4z" />
  ),
  blog: (
    <>
      <path d="M5 4h10l4 4v12H5z" />
      <path d="M14.5 4v4.5H19" />
      <path d="M8.5 12.5h7M8.5 16h5" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5.5" />
      <path d="M12 7.8h.01" strokeWidth={2.6} />
    </>
  ),
  contents: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2.5" />
      <path d="M8 9h8M8 12.5h8M8 16h5" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17" />
      <path d="M12 3.5c2.5 2.6 3.6 5.4 3.6 8.5s-1.1 5.9-3.6 8.5c-2.5-2.6-3.6-5.4-3.6-8.5S9.5 6.1 12 3.5z" />
    </>
  ),
  twitter: <path d="M4 4.5h4.3l11.7 15h-4.3zM19.5 4.5l-6.3 6.9M4.5 19.5l6.3-6.9" />,
  instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" />
      <circle cx="12" cy="12" r="3.6" />
      <path d="M16.6 7.4h.01" strokeWidth={2.6} />
    </>
  ),
  telegram: <path d="M20.5 4.5L3.5 11.2l5.6 2 2 5.8 3-3.6 4.4 3.3zM9.1 13.2l9-6.3-6.5 7.6" />,
  trophy: (
    <>
      <path d="M8 4h8v5.5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a2.5 2.5 0 0 0 3 3.8M16 6h3a2.5 2.5 0 0 1-3 3.8" />
      <path d="M12 13.5V17M8.5 20h7M9.5 20l.6-3h3.8l.6 3" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3.5l7 2.7v5.3c0 4.3-2.9 7.6-7 9-4.1-1.4-7-4.7-7-9V6.2z" />
      <path d="M9 12l2.2 2.2L15.5 10" />
    </>
  ),
  bolt: <path d="M13 3L5.5 13.5H12L11 21l7.5-10.5H12z" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  star: <path d="M12 3.8l2.5 5.2 5.7.8-4.1 4 1 5.6-5.1-2.7-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />,
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </>
  ),
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: (
    <>
      <path d="M4 4l16 16" />
      <path d="M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.7 3.5M6.4 7.3A16.4 16.4 0 0 0 2.5 12S6 18.5 12 18.5a9 9 0 0 0 4-.9" />
    </>
  ),
  heart: (
    <path d="M12 20s-7.5-4.6-9.2-9.4C1.7 7.4 3.8 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.2 0 5.3 2.9 4.2 6.1C19.5 15.4 12 20 12 20z" />
  ),
  refresh: (
    <>
      <path d="M20 12a8 8 0 1 1-2.3-5.6" />
      <path d="M20 4v5h-5" />
    </>
  ),
  sparkle: (
    <path d="M12 3l1.8 5.4L19 10l-5.2 1.6L12 17l-1.8-5.4L5 10l5.2-1.6zM18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />
  ),
};

export type IconName = keyof typeof paths;

export const iconNames = Object.keys(paths) as IconName[];

type IconProps = {
  name: IconName | string;
  size?: number;
  className?: string;
  style?: CSSProperties;
  title?: string;
};

export function Icon({ name, size = 20, className, style, title }: IconProps) {
  const body = paths[name] ?? paths.star;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      style={style}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {body}
    </svg>
  );
}
