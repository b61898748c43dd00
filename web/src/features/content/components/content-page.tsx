import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { useContent } from '../api/get-content';
import './content.css';

/** Sanitises the server's HTML once more before it is rendered. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** The plain text of sanitized HTML (for the page's meta description). */
function textOf(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}

export function ContentPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useContent(id);
  const html = useMemo(() => (data ? sanitizeHtml(data.body) : ''), [data]);
  const excerpt = useMemo(() => textOf(html), [html]);
  useMetaDescription(excerpt || data?.title || null);

  if (isPending) {
    return (
      <div className="content-card content-card--loading" aria-busy="true">
        <div className="skeleton skeleton--title" />
        <div className="skeleton" />
        <div className="skeleton" />
        <div className="skeleton skeleton--short" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="content-card content-empty">
        <Icon name="info" size={36} />
        <h1 className="content-empty__title">{t('content.notFound')}</h1>
        <div className="content-empty__actions">
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
          <Link to="/pages" className="btn btn--primary">
            {t('menu.contents')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <article className="content-card">
      <h1 className="content-title">{data.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
