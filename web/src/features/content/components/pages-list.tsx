import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import './content.css';

/** A content category of the bootstrap (categoryList): its entries' ids and titles. */
export type ContentCategory = {
  id: number;
  name?: string;
  content: { id: number; title: string }[];
};

/** /pages: the content entries grouped by category (the app layer passes the bootstrap's). */
export function PagesList({ categoryList }: { categoryList: ContentCategory[] | undefined }) {
  const { t } = useTranslation();
  const categories = (categoryList ?? []).filter((c) => c.content.length > 0);
  return (
    <div className="pages">
      <h1 className="page-title">{t('menu.contents')}</h1>
      {categories.length === 0 ? (
        <p className="muted">{t('content.empty')}</p>
      ) : (
        <div className="pages__grid">
          {categories.map((category) => (
            <section
              key={category.id}
              className="pages__group"
              aria-labelledby={`cat-${category.id}`}
            >
              <h2 id={`cat-${category.id}`} className="pages__group-title">
                {category.name ?? t('content.category', { id: category.id })}
              </h2>
              <ul className="pages__links">
                {category.content.map((entry) => (
                  <li key={entry.id}>
                    <Link to={`/pages/${entry.id}`} className="pages__link">
                      <Icon name="contents" size={18} />
                      <span>{entry.title}</span>
                      <Icon name="chevronRight" size={16} className="pages__chev" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
