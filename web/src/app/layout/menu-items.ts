import type { CSSProperties } from 'react';
import type { IconName } from '@/components/ui/icon';
import type { GameSearchParams } from '@/features/casino/api/search-games';

/** A side-menu item (spec section 3). Titles and badges are translation keys. */
export type MenuItem = {
  title: string;
  icon: IconName;
  svgStyle?: CSSProperties;
  url?: string;
  /** An action that is not a route: 'live-chat', or a site-option key holding an external link. */
  appKey?: string;
  /** A game search whose first result is launched (Aviator). */
  gameData?: GameSearchParams;
  badge?: string;
  children?: MenuItem[];
  isOpen?: boolean;
  /** Shown only with betting access (/spor/betco). */
  requiresBetting?: boolean;
  /** Shown only on desktop (Live Chat). */
  desktopOnly?: boolean;
};

export type MenuGroup = { title: string; items: MenuItem[] };

export const HIGH_RATE_BADGE = 'menu.badge.highRate';

export const menuGroups: MenuGroup[] = [
  {
    title: 'menu.group.casino',
    items: [
      { title: 'menu.slots', icon: 'slots', url: '/casino/slot' },
      { title: 'menu.liveCasino', icon: 'live', url: '/casino/live' },
    ],
  },
  {
    title: 'menu.group.sports',
    items: [
      {
        title: 'menu.liveBettings',
        icon: 'liveSport',
        url: '/livespor',
        children: [
          { title: 'menu.liveBettings', icon: 'liveSport', url: '/livespor' },
          {
            title: 'menu.liveBettingsFcg',
            icon: 'liveSport',
            url: '/livespor/fcg',
            badge: HIGH_RATE_BADGE,
          },
        ],
      },
      {
        title: 'menu.sports',
        icon: 'sport',
        url: '/spor',
        children: [
          { title: 'menu.sports', icon: 'sport', url: '/spor' },
          { title: 'menu.sportsFcg', icon: 'sport', url: '/spor/fcg', badge: HIGH_RATE_BADGE },
          { title: 'menu.sportsBetco', icon: 'sport', url: '/spor/betco', requiresBetting: true },
        ],
      },
    ],
  },
  {
    title: 'menu.group.games',
    items: [
      {
        title: 'menu.aviator',
        icon: 'plane',
        svgStyle: { transform: 'rotate(-8deg)' },
        gameData: { search: 'Aviator', isLive: false },
      },
      { title: 'menu.bingo', icon: 'bingo', url: '/casino/popular-games' },
      { title: 'menu.games', icon: 'games', url: '/casino/games' },
      { title: 'menu.tvBets', icon: 'tv', url: '/casino/tvbets' },
    ],
  },
  {
    title: 'menu.group.other',
    items: [
      { title: 'menu.promotions', icon: 'promotions', url: '/promotions' },
      { title: 'menu.liveChat', icon: 'chat', appKey: 'live-chat', desktopOnly: true },
      { title: 'menu.callRequest', icon: 'phone', appKey: 'call-request-url' },
      { title: 'menu.blog', icon: 'blog', appKey: 'blog-url' },
      { title: 'menu.aboutUs', icon: 'info', url: '/pages/3' },
      { title: 'menu.contents', icon: 'contents', url: '/pages' },
    ],
  },
];

export const SOCIAL_KEYS = ['twitter', 'instagram', 'telegram'] as const;

/** The items a visitor sees: betting-only entries need betting access. */
export function visibleItems(
  items: MenuItem[],
  bettingAccess: boolean,
  isDesktop: boolean,
): MenuItem[] {
  return items
    .filter((i) => (!i.requiresBetting || bettingAccess) && (!i.desktopOnly || isDesktop))
    .map((i) =>
      i.children ? { ...i, children: visibleItems(i.children, bettingAccess, isDesktop) } : i,
    );
}
