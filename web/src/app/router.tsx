import { createBrowserRouter, type RouteObject } from 'react-router';
import type { IconName } from '@/components/ui/icon';
import type { RouteHandle } from './breadcrumbs';
import type { ReactElement } from 'react';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './routes/guards';

/**
 * A route whose page loads on demand (issue 11: every route's page is its own chunk); the router
 * waits for the chunk before it shows the route, so nothing renders half-loaded.
 */
function page(load: () => Promise<ReactElement>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: await load() }) };
}

type SportsProps = Parameters<typeof import('./routes/sports').SportsRoute>[0];

/** A sports page (issue 16): the sportsbook of the login data, its own chunk like every page. */
const sportsPage = (props: SportsProps) =>
  page(async () => {
    const { SportsRoute } = await import('./routes/sports');
    return <SportsRoute {...props} />;
  });

/** A casino lobby page (issue 14), its own chunk like every page. */
function lobby(
  slug: string,
  titleKey: string,
  icon: IconName,
  extra: { live?: boolean; bannerSlug?: string } = {},
): RouteObject {
  return {
    path: slug,
    handle: { crumb: { key: titleKey, url: `/casino/${slug}` } } satisfies RouteHandle,
    ...page(async () => {
      const { CasinoLobbyRoute } = await import('./routes/casino');
      return <CasinoLobbyRoute slug={slug} titleKey={titleKey} icon={icon} {...extra} />;
    }),
  };
}

const HIGH_RATE = 'menu.badge.highRate';

function StaticFrame() {
  return null;
}

/** Every route of the spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    // While the first route's chunk loads, index.html's static frame stays on screen.
    HydrateFallback: StaticFrame,
    children: [
      {
        index: true,
        ...page(async () => {
          const { HomeRoute } = await import('./routes/home');
          return <HomeRoute />;
        }),
      },
      {
        path: 'casino',
        children: [
          lobby('slot', 'menu.slots', 'slots', { live: false, bannerSlug: 'slot' }),
          lobby('live', 'menu.liveCasino', 'live', { live: true, bannerSlug: 'live' }),
          lobby('popular-games', 'menu.bingo', 'bingo'),
          lobby('games', 'menu.games', 'games'),
          lobby('tvbets', 'menu.tvBets', 'tv'),
          {
            // Any base64 text, '/' included: the rest of the path is the game.
            path: 'play/*',
            handle: {
              crumb: (params) => ({
                key: 'page.game',
                url: `/casino/play/${params['*'] ?? ''}`,
              }),
            } satisfies RouteHandle,
            ...page(async () => {
              const { CasinoPlayRoute } = await import('./routes/casino-play');
              return <CasinoPlayRoute />;
            }),
          },
        ],
      },
      {
        path: 'livespor',
        handle: { crumb: { key: 'menu.liveBettings', url: '/livespor' } } satisfies RouteHandle,
        children: [
          {
            index: true,
            ...sportsPage({ mode: 'live', titleKey: 'menu.liveBettings', icon: 'liveSport' }),
          },
          {
            path: 'fcg',
            handle: {
              crumb: { key: 'menu.liveBettingsFcg', url: '/livespor/fcg' },
            } satisfies RouteHandle,
            ...sportsPage({
              mode: 'live',
              highRate: true,
              titleKey: 'menu.liveBettingsFcg',
              icon: 'liveSport',
              badgeKey: HIGH_RATE,
            }),
          },
        ],
      },
      {
        path: 'spor',
        handle: { crumb: { key: 'menu.sports', url: '/spor' } } satisfies RouteHandle,
        children: [
          {
            index: true,
            ...sportsPage({ mode: 'prematch', titleKey: 'menu.sports', icon: 'sport' }),
          },
          {
            path: 'fcg',
            handle: { crumb: { key: 'menu.sportsFcg', url: '/spor/fcg' } } satisfies RouteHandle,
            ...sportsPage({
              mode: 'prematch',
              highRate: true,
              titleKey: 'menu.sportsFcg',
              icon: 'sport',
              badgeKey: HIGH_RATE,
            }),
          },
          {
            path: 'betco',
            handle: {
              crumb: { key: 'menu.sportsBetco', url: '/spor/betco' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { BetcoRoute } = await import('./routes/sports');
              return <BetcoRoute />;
            }),
          },
        ],
      },
      {
        // /promotions/:slug is the same page with that promotion's dialog open (the banners link
        // there): the page stays mounted between the two, and reads the slug; the children show
        // nothing of their own.
        path: 'promotions',
        handle: { crumb: { key: 'menu.promotions', url: '/promotions' } } satisfies RouteHandle,
        ...page(async () => {
          const { PromotionsRoute } = await import('./routes/promotions');
          return <PromotionsRoute />;
        }),
        children: [
          { index: true, element: null },
          { path: ':slug', element: null },
        ],
      },
      {
        path: 'fair',
        handle: { crumb: { key: 'fair.title', url: '/fair' } } satisfies RouteHandle,
        ...page(async () => {
          const { FairRoute } = await import('./routes/fair');
          return <FairRoute />;
        }),
      },
      {
        path: 'pages',
        handle: { crumb: { key: 'menu.contents', url: '/pages' } } satisfies RouteHandle,
        children: [
          {
            index: true,
            ...page(async () => {
              const { PagesRoute } = await import('./routes/content');
              return <PagesRoute />;
            }),
          },
          {
            path: ':id',
            handle: {
              crumb: (params) => ({ contentId: params.id, url: `/pages/${params.id ?? ''}` }),
            } satisfies RouteHandle,
            ...page(async () => {
              const { ContentRoute } = await import('./routes/content');
              return <ContentRoute />;
            }),
          },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        handle: { crumb: { key: 'header.myAccount', url: '/dashboard' } } satisfies RouteHandle,
        children: [
          {
            index: true,
            ...page(async () => {
              const { DashboardRoute } = await import('./routes/dashboard');
              return <DashboardRoute />;
            }),
          },
          {
            path: 'deposit',
            handle: {
              crumb: { key: 'dashboard.deposit', url: '/dashboard/deposit' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { DepositRoute } = await import('./routes/payments');
              return <DepositRoute />;
            }),
          },
          {
            path: 'withdraw',
            handle: {
              crumb: { key: 'dashboard.withdraw', url: '/dashboard/withdraw' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { WithdrawRoute } = await import('./routes/payments');
              return <WithdrawRoute />;
            }),
          },
          {
            path: 'game-history',
            handle: {
              crumb: { key: 'dashboard.gameHistory', url: '/dashboard/game-history' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { GameHistoryRoute } = await import('./routes/casino-history');
              return <GameHistoryRoute />;
            }),
          },
          {
            path: 'bonuses',
            handle: {
              crumb: { key: 'dashboard.bonuses', url: '/dashboard/bonuses' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { BonusesRoute } = await import('./routes/bonuses');
              return <BonusesRoute />;
            }),
          },
          {
            path: 'financial-activities',
            handle: {
              crumb: {
                key: 'dashboard.financialActivities',
                url: '/dashboard/financial-activities',
              },
            } satisfies RouteHandle,
            ...page(async () => {
              const { FinancialActivitiesRoute } = await import('./routes/payments');
              return <FinancialActivitiesRoute />;
            }),
          },
          {
            path: 'session-history',
            handle: {
              crumb: { key: 'dashboard.sessionHistory', url: '/dashboard/session-history' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { SessionHistoryRoute } = await import('./routes/account-pages');
              return <SessionHistoryRoute />;
            }),
          },
          {
            path: 'account',
            handle: {
              crumb: { key: 'dashboard.account', url: '/dashboard/account' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { PersonalInfoRoute } = await import('./routes/account-pages');
              return <PersonalInfoRoute />;
            }),
          },
          {
            path: 'protection',
            handle: {
              crumb: { key: 'dashboard.protection', url: '/dashboard/protection' },
            } satisfies RouteHandle,
            ...page(async () => {
              const { ProtectionRoute } = await import('./routes/account-pages');
              return <ProtectionRoute />;
            }),
          },
        ],
      },
      {
        path: '*',
        handle: {
          crumb: (params) => ({ key: 'notFound.title', url: `/${params['*'] ?? ''}` }),
        } satisfies RouteHandle,
        ...page(async () => {
          const { NotFoundRoute } = await import('./routes/not-found');
          return <NotFoundRoute />;
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
