import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrap } from '@/lib/api-client';

/** GET auth/form (optional query refId): the countries of the full registration form. */

export const countrySchema = z.object({ id: z.number(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;

const registerFormSchema = z.object({ countries: z.array(countrySchema) });

/** The default country: the one named Türkiye. */
export const DEFAULT_COUNTRY_NAME = 'Türkiye';

export function defaultCountryId(countries: Country[]): number | null {
  const tr = countries.find((c) => c.name.trim().toLocaleLowerCase('tr') === 'türkiye');
  return tr?.id ?? null;
}

export async function getRegisterForm(refId?: number) {
  const res = await api.get('auth/form', {
    params: { refId },
    schema: registerFormSchema,
    toastError: false,
  });
  return unwrap(res);
}

export function useRegisterForm(refId?: number, enabled = true) {
  return useQuery({
    queryKey: ['auth', 'form', refId ?? null],
    queryFn: () => getRegisterForm(refId),
    enabled,
    staleTime: 10 * 60 * 1000,
  });
}
