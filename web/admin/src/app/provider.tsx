import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { makeQueryClient } from '../lib/query-client';
import { getToken, onSessionChange } from '../lib/session';

/** Server state and toasts for the whole app; a session's end forgets everything it read. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  useEffect(
    () =>
      onSessionChange(() => {
        if (getToken() === null) client.clear();
      }),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster theme="dark" position="top-center" richColors closeButton duration={5000} />
    </QueryClientProvider>
  );
}
