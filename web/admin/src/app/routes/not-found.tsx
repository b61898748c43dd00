import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <PageHeader
      title="Page not found"
      description={
        <>
          There is no such page in the back office. <Link to="/">Go to the dashboard</Link>.
        </>
      }
    />
  );
}
