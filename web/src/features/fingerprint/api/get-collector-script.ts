import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { zCoveryjsResponse } from '@shared/api/generated/zod.gen';

/** The envelope's data, a string; an empty one counts as no script (the local fingerprint). */
const scriptSchema = zCoveryjsResponse.shape.data.def.innerType.check(z.minLength(1));

/**
 * GET cms/coveryjs: the fingerprint collector script (spec section 7). A read, silent on failure:
 * the fingerprint is then computed locally.
 */
export async function getCollectorScript(): Promise<string> {
  // It runs before the fingerprint is known: it carries the locally computed one.
  return (await api.get('cms/coveryjs', { schema: scriptSchema, fingerprint: 'local' })).data;
}

export const collectorScriptQueryOptions = () =>
  queryOptions({
    queryKey: ['cms', 'coveryjs'],
    queryFn: getCollectorScript,
    retry: false,
    staleTime: Infinity,
  });
