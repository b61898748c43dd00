import { BannerList } from '../../features/banners/components/banner-list';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function BannersPage() {
  usePageTitle('Banners');
  return (
    <>
      <PageHeader title="Banners" description="The site's carousels, each banner in its order." />
      <BannerList />
    </>
  );
}
