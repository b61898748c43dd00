import { ContentEditor } from '../../features/content/components/content-editor';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function ContentPage() {
  usePageTitle('Site content');
  return (
    <>
      <PageHeader
        title="Site content"
        description="The site's options, banners, popup, promotions, pages and translations as files. Change any of them, then save them together: the server checks every file first, and saves nothing if one is wrong."
      />
      <ContentEditor />
    </>
  );
}
