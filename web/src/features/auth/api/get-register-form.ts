import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Country } from '@shared/api/generated';
import { zRegisterFormData } from '@shared/api/generated/zod.gen';

/** GET auth/form (optional query refId): the countries of the full registration form. */

export type { Country };

/** The default country: the one named Türkiye. */
export const DEFAULT_COUNTRY_NAME = 'Türkiye';

export function defaultCountryId(countries: Country[]): number | null {
  const tr = countries.find((c) => c.name.trim().toLocaleLowerCase('tr') === 'türkiye');
  return tr?.id ?? null;
}

export async function getRegisterForm(refId?: number) {
  const { data } = await api.get('auth/form', { params: { refId }, schema: zRegisterFormData });
  return data;
}

export function useRegisterForm(refId?: number, enabled = true) {
  return useQuery({
    queryKey: ['auth', 'form', refId ?? null],
    queryFn: () => getRegisterForm(refId),
    enabled,
    staleTime: 10 * 60 * 1000,
  });
}
