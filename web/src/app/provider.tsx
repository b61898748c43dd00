import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastHost } from '@/components/ui/toast-host';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { i18n } from '@/lib/i18n';
import { onFreshBootstrap } from './startup';

/** Reacts to each fresh bootstrap (language, then texts; the rest is read where it is shown). */
function BootstrapEffects() {
  const { data, isFresh, query } = useBootstrap();
  const { refetch } = query;
  useEffect(() => {
    if (!data || !isFresh) return;
    if (onFreshBootstrap(data)) void refetch();
  }, [data, isFresh, refetch]);
  return null;
}

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BootstrapEffects />
        {children}
        <ToastHost />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
