import { useParams } from 'react-router';
import { ContentPage } from '@/features/content/components/content-page';
import { PagesList } from '@/features/content/components/pages-list';

export function PagesRoute() {
  return <PagesList />;
}

export function ContentRoute() {
  const { id = '' } = useParams();
  return <ContentPage key={id} id={id} />;
}
