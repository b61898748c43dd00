import { Link } from 'react-router';
import { Section } from '../../../components/ui/page';
import { EmptyState, LoadError, Loading } from '../../../components/ui/status';
import { labelOf } from '../../../lib/format';
import { bySlug, useBanners } from '../api/get-banners';

/** Every banner, grouped by carousel, each with its first Turkish image and an Edit link. */
export function BannerList() {
  const banners = useBanners();
  if (banners.isPending) return <Loading label="Loading banners…" />;
  if (banners.isError) return <LoadError error={banners.error} onRetry={() => banners.refetch()} />;
  if (banners.data.length === 0) return <EmptyState>There is no banner.</EmptyState>;
  return (
    <div className="stack">
      {bySlug(banners.data).map(([slug, list]) => (
        <Section key={slug} title={`${labelOf(slug)} carousel`} id={`slug-${slug}`}>
          <ul className="banner-grid">
            {list.map((banner) => (
              <li key={banner.id} className="banner-card">
                <div className="banner-card__thumb">
                  {banner.images.tr[0] ? (
                    <img src={banner.images.tr[0]} alt="" loading="lazy" />
                  ) : null}
                </div>
                <div className="banner-card__body">
                  <p className="banner-card__title">
                    Banner #{banner.id}{' '}
                    <span className="muted small">· position {banner.sort}</span>
                  </p>
                  <p className="banner-card__url mono small" title={banner.url}>
                    {banner.url || 'No link'}
                  </p>
                  <p className="muted small">
                    {banner.images.tr.length} Turkish · {banner.images.en.length} English images
                  </p>
                </div>
                <Link
                  className="btn btn--ghost btn--sm"
                  to={`/banners/${banner.id}`}
                  aria-label={`Edit banner #${banner.id} of the ${slug} carousel`}
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </div>
  );
}
