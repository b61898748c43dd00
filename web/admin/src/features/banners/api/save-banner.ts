import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { bannersQueryKey, type Banner } from './get-banners';

/**
 * PUT banners/{id} with the banner's fields: saves it; every node shows it at once
 * (`content.edit`). The form edits the images as one address per line.
 */

/** A link or an image: a path on the site (`/…`) or an https address. */
const safeLink = (value: string) =>
  (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('https://');

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const imageList = z
  .string()
  .transform(lines)
  .pipe(
    z
      .array(z.string().refine(safeLink, 'Each image is a site path (/…) or an https address.'))
      .min(1, 'Give at least one image.')
      .max(4, 'At most 4 images.'),
  );

export const bannerFormSchema = z.object({
  url: z
    .string()
    .trim()
    .refine((v) => v === '' || safeLink(v), 'A site path (/…) or an https address.'),
  sort: z.coerce.number().int('A whole number.'),
  tr: imageList,
  en: imageList,
});

export type BannerFormInput = z.input<typeof bannerFormSchema>;
export type BannerFormValues = z.output<typeof bannerFormSchema>;

/** The form's values of a banner. */
export const formOf = (banner: Banner): BannerFormInput => ({
  url: banner.url,
  sort: banner.sort,
  tr: banner.images.tr.join('\n'),
  en: banner.images.en.join('\n'),
});

export async function saveBanner(banner: Banner) {
  return api.put(`banners/${banner.id}`, banner);
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanner,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
