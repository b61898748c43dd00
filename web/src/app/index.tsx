import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/react-query';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { startApp } from './startup';

const queryClient = createQueryClient();
const router = createAppRouter();
startApp(queryClient, (to) => void router.navigate(to));

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
