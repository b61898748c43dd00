import { useParams } from 'react-router';
import { useBootstrap } from '@/features/bootstrap/api/get-bootstrap';
import { ContentPage } from '@/features/content/components/content-page';
import { PagesList } from '@/features/content/components/pages-list';

export function PagesRoute() {
  const { data } = useBootstrap();
  return <PagesList categoryList={data?.categoryList} />;
}

export function ContentRoute() {
  const { id = '' } = useParams();
  return <ContentPage key={id} id={id} />;
}
