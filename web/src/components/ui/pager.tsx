import { Icon } from './icon';

/** The props of {@link Pager}: the texts come translated from the feature using it. */
export type PagerProps = {
  /** The nav's accessible name. */
  label: string;
  /** The range text, e.g. "1–10 / 42". */
  range: string;
  previous: string;
  next: string;
  /** The current page, from 0, and how many there are. */
  page: number;
  pages: number;
  /** Called with an updater of the page (a state setter fits). */
  onPage: (update: (page: number) => number) => void;
  /** The nav's class and its buttons' row class (each list keeps its own styling). */
  className: string;
  buttonsClassName: string;
  /** The classes of the range text and of the "page / pages" text. */
  rangeClassName?: string;
  pageClassName?: string;
};

/** A list's paging: the range, then previous, "page / pages" and next. */
export function Pager({
  label,
  range,
  previous,
  next,
  page,
  pages,
  onPage,
  className,
  buttonsClassName,
  rangeClassName = 'tabular',
  pageClassName = 'tabular',
}: PagerProps) {
  return (
    <nav className={className} aria-label={label}>
      <span className={rangeClassName}>{range}</span>
      <div className={buttonsClassName}>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={page === 0}
          onClick={() => onPage((p) => Math.max(0, p - 1))}
        >
          <Icon name="chevronLeft" size={16} />
          {previous}
        </button>
        <span className={pageClassName}>
          {page + 1} / {pages}
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={page + 1 >= pages}
          onClick={() => onPage((p) => p + 1)}
        >
          {next}
          <Icon name="chevronRight" size={16} />
        </button>
      </div>
    </nav>
  );
}
