import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import './breadcrumbs.css';

/** A breadcrumb item (spec section 3). */
export type BreadcrumbItem = { label: string; url: string };

/** Clickable crumbs separated by a slash; the last one is highlighted. */
export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${item.url}-${index}`}>
              {index > 0 ? (
                <li className="breadcrumbs__sep" aria-hidden="true">
                  /
                </li>
              ) : null}
              <li>
                <Link
                  to={item.url}
                  className={
                    last ? 'breadcrumbs__item breadcrumbs__item--current' : 'breadcrumbs__item'
                  }
                  aria-current={last ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
