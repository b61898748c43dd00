import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiResponse } from './api-client';
import { translate } from './i18n';
import { notify } from './toast';

/**
 * Server state goes through TanStack Query: reads are queries, actions are mutations. The
 * messages of spec section 8 are decided here, once, from each call's `meta`:
 * - a failed mutation (a player action) shows the server's message as an error toast, unless its
 *   meta keeps it silent or the calling form shows that field error beside its field;
 * - a successful mutation whose meta asks for it shows the server's message as a success toast;
 * - queries are silent (bootstrap, balance polling, notification list, game search, the pages
 *   that show their own load error) unless their meta asks for an error toast;
 * - a 401 shows nothing: the player is logged out (the API client does that).
 * So one action gives at most one toast, and its success removes its earlier error toast (the
 * toasts of one action are told apart by `mutationAction`).
 */

export type MutationMeta = {
  /** Show the server's message of a success as a success toast (default: no). */
  successToast?: boolean;
  /** false: a failure stays silent (default: the error toast). */
  errorToast?: boolean;
  /** The payload keys the calling form shows beside its fields: such a field error is no toast. */
  inlineFields?: readonly string[];
};

export type QueryMeta = {
  /** Show a failure as an error toast (default: queries are silent). */
  errorToast?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: MutationMeta;
  }
}

/** The text of a failure's toast, or null when it stays silent. */
export function errorToastText(error: unknown, meta: MutationMeta | undefined): string | null {
  if (meta?.errorToast === false) return null;
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof ApiError)) return translate('errors.unexpected');
  if (error.status === 401) return null;
  const fields = Object.keys(error.fieldErrors);
  const inline = meta?.inlineFields;
  if (inline && fields.length > 0 && fields.every((f) => inline.includes(f))) return null;
  return error.message;
}

const actionNames = new WeakMap<object, string>();
let actionCount = 0;

/**
 * The player action a mutation performs, for its toasts (lib/toast): its mutation key when it has
 * one, else its function (an endpoint's hook passes the same function at every call), so the
 * success of an action removes that action's earlier error toast.
 */
export function mutationAction(options: {
  mutationKey?: readonly unknown[];
  mutationFn?: unknown;
}): string | undefined {
  if (options.mutationKey) return `key:${JSON.stringify(options.mutationKey)}`;
  const fn = options.mutationFn;
  if (typeof fn !== 'function') return undefined;
  let name = actionNames.get(fn);
  if (!name) {
    name = `action:${++actionCount}`;
    actionNames.set(fn, name);
  }
  return name;
}

function successMessage(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as ApiResponse<unknown>;
    return typeof message === 'string' && message ? message : null;
  }
  return null;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== true) return;
        const text = errorToastText(error, undefined);
        if (text) void notify.error(text);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const text = errorToastText(error, mutation.meta);
        if (text) void notify.error(text, { action: mutationAction(mutation.options) });
      },
      onSuccess: (data, _variables, _context, mutation) => {
        const action = mutationAction(mutation.options);
        const text = mutation.meta?.successToast ? successMessage(data) : null;
        if (text) void notify.success(text, { action });
        // A success without a message of its own still ends the action's earlier error.
        else if (action) void notify.settle(action);
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** What a form adds to an endpoint's mutation hook: the meta of its calls (inline field errors). */
export type MutationOptions = { meta?: MutationMeta };

/** An endpoint's meta with the caller's merged over it. */
export function withMeta(base: MutationMeta, options: MutationOptions | undefined): MutationMeta {
  return { ...base, ...options?.meta };
}
