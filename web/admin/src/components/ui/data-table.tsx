import { Fragment, useId, useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** 'end' right-aligns the column (amounts, counts). */
    align?: 'start' | 'end';
    /** The column's width (a CSS length), when it should not share the rest. */
    width?: string;
    /** The column takes what the others leave (its long lines are cut with an ellipsis). */
    fill?: boolean;
  }
}

/** A select over one column's values (identity state, role, …). */
export interface ColumnFilter {
  columnId: string;
  label: string;
  options: { value: string; label: string }[];
}

interface DataTableProps<T> {
  data: T[];
  // Columns of any value type: TanStack Table types each by its accessor.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** The table's name (its caption, for screen readers). */
  caption: string;
  /** What to say when there are no rows at all. */
  empty: ReactNode;
  /** A search box over the text columns, with this label. */
  searchLabel?: string;
  searchPlaceholder?: string;
  filters?: ColumnFilter[];
  initialSorting?: SortingState;
  /** Columns that are searched, sorted or filtered but not shown. */
  hiddenColumns?: string[];
  pageSize?: number;
  /** A line under each row across every column (notes, figures that would crowd the row). */
  renderDetail?: (row: T) => ReactNode;
  getRowId?: (row: T, index: number) => string;
  /** More controls in the table's toolbar, after the search and filters. */
  toolbar?: ReactNode;
}

const PAGE_SIZES = [10, 25, 50, 100];

function cellClass(meta: { align?: 'start' | 'end'; fill?: boolean } | undefined) {
  const names = [meta?.align === 'end' ? 'is-end' : '', meta?.fill ? 'is-fill' : ''];
  return names.filter(Boolean).join(' ') || undefined;
}

/**
 * The back office's table (TanStack Table): sortable columns (a button in each sortable header,
 * aria-sort on the header), a search over the text columns and selects over chosen columns, and
 * pages of 10 to 100 rows.
 */
export function DataTable<T>({
  data,
  columns,
  caption,
  empty,
  searchLabel,
  searchPlaceholder,
  filters = [],
  initialSorting = [],
  hiddenColumns = [],
  pageSize = 25,
  renderDetail,
  getRowId,
  toolbar,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const searchId = useId();
  const filterId = useId();
  // TanStack Table keeps its own state in a mutable object; the component renders from it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    initialState: {
      columnVisibility: Object.fromEntries(hiddenColumns.map((id) => [id, false])),
    },
    state: { sorting, globalFilter, columnFilters, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onColumnFiltersChange: setColumnFilters,
    onPaginationChange: setPagination,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    globalFilterFn: 'includesString',
    autoResetPageIndex: true,
  });

  const rows = table.getRowModel().rows;
  const shown = table.getFilteredRowModel().rows.length;
  const { pageIndex, pageSize: size } = table.getState().pagination;
  const from = shown === 0 ? 0 : pageIndex * size + 1;
  const to = Math.min(shown, (pageIndex + 1) * size);
  const columnCount = table.getVisibleLeafColumns().length;
  const hasTools = searchLabel || filters.length > 0 || toolbar;

  return (
    <div className="table-block">
      {hasTools ? (
        <div className="table-tools">
          {searchLabel ? (
            <div className="field field--inline">
              <label htmlFor={searchId} className="field__label">
                {searchLabel}
              </label>
              <input
                id={searchId}
                type="search"
                className="input input--search"
                value={globalFilter}
                placeholder={searchPlaceholder}
                onChange={(event) => setGlobalFilter(event.target.value)}
              />
            </div>
          ) : null}
          {filters.map((filter, i) => {
            const column = table.getColumn(filter.columnId);
            if (!column) return null;
            return (
              <div className="field field--inline" key={filter.columnId}>
                <label htmlFor={`${filterId}-${i}`} className="field__label">
                  {filter.label}
                </label>
                <select
                  id={`${filterId}-${i}`}
                  className="input input--select"
                  value={(column.getFilterValue() as string | undefined) ?? ''}
                  onChange={(event) => column.setFilterValue(event.target.value || undefined)}
                >
                  <option value="">All</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
          {toolbar}
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const meta = header.column.columnDef.meta;
                  const label = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      style={meta?.width ? { width: meta.width } : undefined}
                      className={cellClass(meta)}
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="sort-btn"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span className="sort-btn__mark" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="table__empty">
                  {data.length === 0 ? empty : 'No rows match the search or filters.'}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const detail = renderDetail?.(row.original);
                return (
                  <Fragment key={row.id}>
                    <tr className={detail ? 'has-detail' : undefined}>
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                    {detail ? (
                      <tr className="table__detail">
                        <td colSpan={columnCount}>{detail}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {data.length > 0 ? (
        <div className="table-foot">
          <p className="table-foot__count">
            {shown === 0
              ? 'No rows'
              : `Showing ${from}–${to} of ${shown}${shown < data.length ? ` (filtered from ${data.length})` : ''}`}
          </p>
          {data.length > PAGE_SIZES[0] ? (
            <div className="table-foot__pager">
              <label className="table-foot__size">
                <span>Rows per page</span>
                <select
                  className="input input--select input--sm"
                  value={size}
                  onChange={(event) => table.setPageSize(Number(event.target.value))}
                >
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => table.previousPage()}
                disabled={!table.getCanPreviousPage()}
              >
                Previous page
              </button>
              <span className="table-foot__page">
                Page {table.getPageCount() === 0 ? 0 : pageIndex + 1} of {table.getPageCount()}
              </span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => table.nextPage()}
                disabled={!table.getCanNextPage()}
              >
                Next page
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
