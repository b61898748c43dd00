import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET reports?from=YYYY-MM-DD&to=YYYY-MM-DD: the ledger's report for a range of Turkey's days (at
 * most 92): the range's totals and each day's, deposits and withdrawals per method, bets, wins and
 * GGR per provider, bonus cost, NGR, the jackpots' liability at the range's end and the debts
 * (`reports.read`). Lira as numbers.
 */

export const totalsSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  bonusCost: z.number(),
  ngr: z.number(),
});

export const daySchema = totalsSchema.extend({ day: z.string() });

export const lineSchema = z.object({ name: z.string(), amount: z.number() });

export const providerLineSchema = z.object({
  provider: z.string(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
});

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: totalsSchema,
  days: z.array(daySchema),
  depositsByMethod: z.array(lineSchema),
  withdrawalsByMethod: z.array(lineSchema),
  providers: z.array(providerLineSchema),
  adjustments: z.number(),
  jackpotLiability: z.number(),
  debtsRecorded: z.number(),
  debtsRepaid: z.number(),
  debtsOutstanding: z.number(),
});

export type Totals = z.infer<typeof totalsSchema>;
export type ReportDay = z.infer<typeof daySchema>;
export type ReportLine = z.infer<typeof lineSchema>;
export type ProviderLine = z.infer<typeof providerLineSchema>;
export type Report = z.infer<typeof reportSchema>;

export interface ReportRange {
  /** The first of Turkey's days, YYYY-MM-DD. */
  from: string;
  /** The last, YYYY-MM-DD. */
  to: string;
}

export const reportQueryKey = (range: ReportRange) => ['reports', range.from, range.to] as const;

export async function getReport(range: ReportRange): Promise<Report> {
  const { data } = await api.get('reports', {
    params: { from: range.from, to: range.to },
    schema: reportSchema,
  });
  return data;
}

/** The report of a range; the last one stays on screen while the next loads. */
export function useReport(range: ReportRange) {
  return useQuery(
    queryOptions({
      queryKey: reportQueryKey(range),
      queryFn: () => getReport(range),
      placeholderData: keepPreviousData,
    }),
  );
}
