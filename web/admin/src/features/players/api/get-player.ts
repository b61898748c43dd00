import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET players/{id}: a player's page: `player` (their fields), `balances`, and sections of rows
 * (payments, transfers, sessions, limits, exclusions, documents, notes, and whatever other lists
 * the server adds), each row an object shown as a table of its fields.
 */

export type Row = Record<string, unknown>;

const rowSchema = z.record(z.string(), z.unknown());

export const playerPageSchema = z
  .object({
    player: rowSchema,
    balances: z.union([rowSchema, z.array(rowSchema)]),
  })
  .catchall(z.unknown());

export type PlayerPage = z.infer<typeof playerPageSchema>;

/** The sections in the order the page shows them; other lists the server sends follow. */
export const SECTION_ORDER = [
  'payments',
  'transfers',
  'sessions',
  'limits',
  'exclusions',
  'documents',
  'notes',
];

/** The page's lists of rows: the known ones first, in order, then any other list, notes last. */
export function sectionsOf(page: PlayerPage): { key: string; rows: Row[] }[] {
  const lists = Object.entries(page).filter(
    (entry): entry is [string, Row[]] =>
      entry[0] !== 'player' &&
      entry[0] !== 'balances' &&
      Array.isArray(entry[1]) &&
      entry[1].every((item) => item !== null && typeof item === 'object' && !Array.isArray(item)),
  );
  const rank = (key: string) => {
    if (key === 'notes') return 1000;
    const at = SECTION_ORDER.indexOf(key);
    return at === -1 ? 500 : at;
  };
  return lists
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, rows]) => ({ key, rows: rows as Row[] }));
}

export const playerQueryKey = (id: number) => ['players', id] as const;

export async function getPlayer(id: number): Promise<PlayerPage> {
  const { data } = await api.get(`players/${id}`, { schema: playerPageSchema });
  return data;
}

export function usePlayer(id: number) {
  return useQuery(queryOptions({ queryKey: playerQueryKey(id), queryFn: () => getPlayer(id) }));
}
