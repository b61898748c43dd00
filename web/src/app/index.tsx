import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/react-query';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { startApp } from './startup';

const queryClient = createQueryClient();
const router = createAppRouter();

/**
 * The app's start before its first render (language, texts, the page's bootstrap, the
 * fingerprint): a task of its own after the modules' evaluation, as the first render is.
 */
export function prepareApp(): void {
  startApp(queryClient, (to) => void router.navigate(to));
}

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
