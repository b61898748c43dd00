import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Section } from '../../../components/ui/page';
import { TextArea, TextField } from '../../../components/ui/field';
import { LoadError, Loading, Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { useBanners, type Banner } from '../api/get-banners';
import {
  bannerFormSchema,
  formOf,
  useSaveBanner,
  type BannerFormInput,
  type BannerFormValues,
} from '../api/save-banner';
import { BannerPreview } from './banner-preview';

const firstLine = (text: unknown) =>
  typeof text === 'string' ? (text.split('\n').find((l) => l.trim()) ?? '').trim() : '';

/** A banner's form (link, position, images per language) beside a live preview of both languages. */
export function BannerEditor({ id, onSaved }: { id: number; onSaved: (text: string) => void }) {
  const banners = useBanners();
  if (banners.isPending) return <Loading label="Loading the banner…" />;
  if (banners.isError) return <LoadError error={banners.error} onRetry={() => banners.refetch()} />;
  const banner = banners.data.find((b) => b.id === id);
  if (!banner) return <Notice tone="warning">There is no banner #{id}.</Notice>;
  return <BannerForm key={banner.id} banner={banner} onSaved={onSaved} />;
}

function BannerForm({ banner, onSaved }: { banner: Banner; onSaved: (text: string) => void }) {
  const save = useSaveBanner();
  const form = useForm<BannerFormInput, unknown, BannerFormValues>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: formOf(banner),
    mode: 'onTouched',
  });
  const [tr, en] = useWatch({ control: form.control, name: ['tr', 'en'] });
  const { errors } = form.formState;
  return (
    <div className="editor">
      <Section title="Banner">
        <form
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            save.mutate(
              {
                id: banner.id,
                slug: banner.slug,
                url: values.url,
                sort: values.sort,
                images: { tr: values.tr, en: values.en },
              },
              { onSuccess: () => onSaved(`Banner #${banner.id} saved: the site shows it now.`) },
            ),
          )}
        >
          {save.isError ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
          <div className="form-row">
            <TextField
              label="Link"
              placeholder="/promotions/welcome"
              hint="Where a click goes: a site path (/…) or an https address."
              error={errors.url?.message}
              {...form.register('url')}
            />
            <TextField
              label="Position"
              type="number"
              step={1}
              className="field--narrow"
              hint="Lower comes first."
              error={errors.sort?.message}
              {...form.register('sort')}
            />
          </div>
          <TextArea
            label="Turkish images"
            rows={4}
            spellCheck={false}
            className="field--mono"
            hint="One address per line, 1 to 4, smallest first."
            error={errors.tr?.message}
            {...form.register('tr')}
          />
          <TextArea
            label="English images"
            rows={4}
            spellCheck={false}
            className="field--mono"
            hint="One address per line, 1 to 4, smallest first."
            error={errors.en?.message}
            {...form.register('en')}
          />
          <div>
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save banner'}
            </button>
          </div>
        </form>
      </Section>
      <Section title="Preview">
        <div className="preview-pair">
          <BannerPreview src={firstLine(tr)} language="Turkish" />
          <BannerPreview src={firstLine(en)} language="English" />
        </div>
      </Section>
    </div>
  );
}
