import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BannerEditor } from '../../features/banners/components/banner-editor';
import { PageHeader } from '../../components/ui/page';
import { usePageTitle } from '../../lib/use-page-title';

export function BannerPage() {
  const id = Number(useParams().id);
  usePageTitle(`Banner #${id}`);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={`Banner #${id}`}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/banners">
            All banners
          </Link>
        }
      />
      <BannerEditor
        id={id}
        onSaved={(text) => {
          toast.success(text);
          navigate('/banners');
        }}
      />
    </>
  );
}
