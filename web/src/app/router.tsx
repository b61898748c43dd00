import { createBrowserRouter, type RouteObject } from 'react-router';
import type { IconName } from '@/components/ui/icon';
import type { RouteHandle } from './breadcrumbs';
import { AppLayout } from './layout/app-layout';
import { ComingSoon } from './routes/coming-soon';
import { PersonalInfoRoute, SessionHistoryRoute } from './routes/account-pages';
import { ContentRoute, PagesRoute } from './routes/content';
import { DashboardRoute } from './routes/dashboard';
import { RequireAuth, RequireBetting } from './routes/guards';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

function soon(
  path: string,
  url: string,
  titleKey: string,
  icon: IconName,
  extra: { slug?: string; badgeKey?: string } = {},
): RouteObject {
  return {
    path,
    handle: { crumb: { key: titleKey, url } } satisfies RouteHandle,
    element: <ComingSoon titleKey={titleKey} icon={icon} {...extra} />,
  };
}

const HIGH_RATE = 'menu.badge.highRate';

/** Every route of the spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        path: 'casino',
        children: [
          soon('slot', '/casino/slot', 'menu.slots', 'slots', { slug: 'slot' }),
          soon('live', '/casino/live', 'menu.liveCasino', 'live', { slug: 'live' }),
          soon('popular-games', '/casino/popular-games', 'menu.bingo', 'bingo'),
          soon('games', '/casino/games', 'menu.games', 'games'),
          soon('tvbets', '/casino/tvbets', 'menu.tvBets', 'tv'),
          {
            path: 'play/:gameData',
            handle: {
              crumb: (params) => ({
                key: 'page.game',
                url: `/casino/play/${params.gameData ?? ''}`,
              }),
            } satisfies RouteHandle,
            element: <ComingSoon titleKey="page.game" icon="games" />,
          },
        ],
      },
      {
        path: 'livespor',
        handle: { crumb: { key: 'menu.liveBettings', url: '/livespor' } } satisfies RouteHandle,
        children: [
          { index: true, element: <ComingSoon titleKey="menu.liveBettings" icon="liveSport" /> },
          soon('fcg', '/livespor/fcg', 'menu.liveBettingsFcg', 'liveSport', {
            badgeKey: HIGH_RATE,
          }),
        ],
      },
      {
        path: 'spor',
        handle: { crumb: { key: 'menu.sports', url: '/spor' } } satisfies RouteHandle,
        children: [
          { index: true, element: <ComingSoon titleKey="menu.sports" icon="sport" /> },
          soon('fcg', '/spor/fcg', 'menu.sportsFcg', 'sport', { badgeKey: HIGH_RATE }),
          {
            path: 'betco',
            handle: {
              crumb: { key: 'menu.sportsBetco', url: '/spor/betco' },
            } satisfies RouteHandle,
            element: (
              <RequireBetting>
                <ComingSoon titleKey="menu.sportsBetco" icon="sport" />
              </RequireBetting>
            ),
          },
        ],
      },
      soon('promotions', '/promotions', 'menu.promotions', 'promotions', { slug: 'promotions' }),
      {
        path: 'pages',
        handle: { crumb: { key: 'menu.contents', url: '/pages' } } satisfies RouteHandle,
        children: [
          { index: true, element: <PagesRoute /> },
          {
            path: ':id',
            handle: {
              crumb: (params) => ({ contentId: params.id, url: `/pages/${params.id ?? ''}` }),
            } satisfies RouteHandle,
            element: <ContentRoute />,
          },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        handle: { crumb: { key: 'header.myAccount', url: '/dashboard' } } satisfies RouteHandle,
        children: [
          { index: true, element: <DashboardRoute /> },
          soon('deposit', '/dashboard/deposit', 'dashboard.deposit', 'wallet'),
          soon('withdraw', '/dashboard/withdraw', 'dashboard.withdraw', 'arrowUp'),
          soon('game-history', '/dashboard/game-history', 'dashboard.gameHistory', 'games'),
          soon('bonuses', '/dashboard/bonuses', 'dashboard.bonuses', 'gift'),
          soon(
            'financial-activities',
            '/dashboard/financial-activities',
            'dashboard.financialActivities',
            'blog',
          ),
          {
            path: 'session-history',
            handle: {
              crumb: { key: 'dashboard.sessionHistory', url: '/dashboard/session-history' },
            } satisfies RouteHandle,
            element: <SessionHistoryRoute />,
          },
          {
            path: 'account',
            handle: {
              crumb: { key: 'dashboard.account', url: '/dashboard/account' },
            } satisfies RouteHandle,
            element: <PersonalInfoRoute />,
          },
        ],
      },
      {
        path: '*',
        handle: {
          crumb: (params) => ({ key: 'notFound.title', url: `/${params['*'] ?? ''}` }),
        } satisfies RouteHandle,
        element: <NotFoundRoute />,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
