import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/react-query';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { startApp } from './startup';

const queryClient = createQueryClient();
let router: ReturnType<typeof createAppRouter> | null = null;

/**
 * The router, made once: it matches the first route and starts loading that page's code. Called
 * in a task of its own right after the modules' evaluation, not as a part of it.
 */
export function prepareRouter(): ReturnType<typeof createAppRouter> {
  router ??= createAppRouter();
  return router;
}

/**
 * The app's start before its first render (language, texts, the page's bootstrap, the
 * fingerprint): a task of its own after the modules' evaluation, as the first render is.
 */
export function prepareApp(): void {
  startApp(queryClient, (to) => void prepareRouter().navigate(to));
}

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={prepareRouter()} />
    </AppProvider>
  );
}
