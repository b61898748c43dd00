import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { makeQueryClient } from '../lib/query-client';
import { reloadSession, TOKEN_KEY } from '../lib/session';

/** The whole app at `path`, as a signed-in member when `token` is given. */
export function renderApp(path: string, { token }: { token?: string } = {}) {
  window.sessionStorage.clear();
  if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
  reloadSession();
  const queryClient = makeQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

export const STAFF = {
  id: 7,
  username: 'deniz',
  roles: ['finance'],
  permissions: [
    'payments.decide',
    'payments.read',
    'players.adjust',
    'players.read',
    'reports.read',
  ],
};
