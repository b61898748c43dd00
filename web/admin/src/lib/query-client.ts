import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorText } from './api-client';

/**
 * Server state through TanStack Query: reads are queries, actions mutations. A failed action
 * shows the server's message as a toast unless its form shows it itself (`meta.errorToast:
 * false`); a 401 shows nothing here (the session ended: the app goes back to sign-in). Reads are
 * not retried on a refusal (4xx), and show their error where they would have shown their data.
 */

export type MutationMeta = {
  /** false: the form shows the failure itself (default: a toast). */
  errorToast?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        if (error instanceof ApiError && error.status === 401) return;
        toast.error(errorText(error));
      },
    }),
  });
}
