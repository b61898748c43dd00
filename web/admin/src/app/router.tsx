import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Permission } from '../lib/permissions';
import { Guard } from './layout/guard';
import { Shell } from './layout/shell';

/**
 * A page loaded when first opened (each page is a chunk of its own, with the libraries only it
 * uses), shown to members whose roles give `permission`.
 */
function page(load: () => Promise<ComponentType>, permission?: Permission) {
  return async () => {
    const Page = await load();
    return {
      element: permission ? (
        <Guard permission={permission}>
          <Page />
        </Guard>
      ) : (
        <Page />
      ),
    };
  };
}

/** What shows while the first page's code loads (a moment, on the app's first load). */
function Opening() {
  return (
    <div className="boot" role="status">
      Opening the back office…
    </div>
  );
}

/** The app's pages under /admin (the server answers every /admin/* path with this app). */
export const routes: RouteObject[] = [
  {
    path: '/sign-in',
    HydrateFallback: Opening,
    lazy: page(() => import('./routes/sign-in').then((m) => m.SignInPage)),
  },
  {
    path: '/',
    element: <Shell />,
    HydrateFallback: Opening,
    children: [
      { index: true, lazy: page(() => import('./routes/dashboard').then((m) => m.DashboardPage)) },
      {
        path: 'withdrawals',
        lazy: page(
          () => import('./routes/withdrawals').then((m) => m.WithdrawalsPage),
          'payments.read',
        ),
      },
      {
        path: 'deposits',
        lazy: page(() => import('./routes/deposits').then((m) => m.DepositsPage), 'payments.read'),
      },
      {
        path: 'adjustments',
        lazy: page(
          () => import('./routes/adjustments').then((m) => m.AdjustmentsPage),
          'players.adjust',
        ),
      },
      {
        path: 'documents',
        lazy: page(() => import('./routes/documents').then((m) => m.DocumentsPage), 'kyc.read'),
      },
      {
        path: 'documents/:id',
        lazy: page(() => import('./routes/document').then((m) => m.DocumentPage), 'kyc.read'),
      },
      {
        path: 'players',
        lazy: page(() => import('./routes/players').then((m) => m.PlayersPage), 'players.read'),
      },
      {
        path: 'players/:id',
        lazy: page(() => import('./routes/player').then((m) => m.PlayerPage), 'players.read'),
      },
      {
        path: 'staff',
        lazy: page(() => import('./routes/staff').then((m) => m.StaffPage), 'staff.manage'),
      },
      {
        path: 'audit',
        lazy: page(() => import('./routes/audit').then((m) => m.AuditPage), 'audit.read'),
      },
      {
        path: 'banners',
        lazy: page(() => import('./routes/banners').then((m) => m.BannersPage), 'content.edit'),
      },
      {
        path: 'banners/:id',
        lazy: page(() => import('./routes/banner').then((m) => m.BannerPage), 'content.edit'),
      },
      {
        path: 'content',
        lazy: page(() => import('./routes/content').then((m) => m.ContentPage), 'content.edit'),
      },
      {
        path: 'reports',
        lazy: page(() => import('./routes/reports').then((m) => m.ReportsPage), 'reports.read'),
      },
      {
        path: 'sports',
        lazy: page(() => import('./routes/sports').then((m) => m.SportsPage), 'sports.read'),
      },
      {
        path: 'sports/:id',
        lazy: page(
          () => import('./routes/sports-event').then((m) => m.SportsEventPage),
          'sports.read',
        ),
      },
      { path: '*', lazy: page(() => import('./routes/not-found').then((m) => m.NotFoundPage)) },
    ],
  },
];

export const BASENAME = '/admin';

export function makeRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
