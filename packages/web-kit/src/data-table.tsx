import {
  Fragment,
  useState,
  type ChangeEvent,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';

/*
 * The data table of the web apps' lists (the back office's screens first): a table with a header
 * row and an empty row, a filter bar whose values the app keeps (in the URL, usually) and a pager.
 * The kit holds no words: every header, label and the empty text are the app's.
 */

/** One column: its header, its cell for a row, and the classes of both (`num`, `nowrap` ...). */
export interface TColumn<R> {
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  className?: string | undefined;
  headerClassName?: string | undefined;
}

/** The classes of a column whose cells do not wrap (`nowrap`), its header left as it is. */
export const NOWRAP = { className: 'nowrap', headerClassName: '' };

/**
 * The rows under a header row in the house's `table` classes; `empty` is shown as one row once
 * the rows arrived and there are none (nothing while `rows` is undefined: still loading). A row's
 * `detail` (an opened review, say), when it gives one, is a row of its own under it, across every
 * column, in the class `detailClassName`.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  empty,
  className,
  rowClassName,
  detail,
  detailClassName,
}: {
  columns: readonly TColumn<R>[];
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string | number;
  empty: ReactNode;
  className?: string | undefined;
  rowClassName?: ((row: R) => string | undefined) | undefined;
  detail?: ((row: R) => ReactNode) | undefined;
  detailClassName?: string | undefined;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={(column.headerClassName ?? column.className) || undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => {
            const more = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={rowClassName?.(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.className}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {more != null && more !== false && (
                  <tr className={detailClassName}>
                    <td colSpan={columns.length}>{more}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          {rows && rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** What a filter input spreads: its value in the bar's draft and the change that edits it. */
export interface TFilterInput {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/**
 * A filter bar: the inputs edit a draft, Search applies it (`onApply` with every value trimmed),
 * Clear empties both. `applied` is what the list shows now (the URL's values), the draft's start.
 */
export function FilterBar<F extends string>({
  fields,
  applied,
  onApply,
  searchLabel,
  resetLabel,
  actionsClassName,
  children,
  ...formProps
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> & {
  fields: readonly F[];
  applied: Record<F, string>;
  onApply: (values: Record<F, string>) => void;
  searchLabel: string;
  resetLabel: string;
  /** When given, the two buttons sit in a `div` of this class. */
  actionsClassName?: string | undefined;
  children: (input: (field: F) => TFilterInput) => ReactNode;
}) {
  const [draft, setDraft] = useState(applied);
  const emptied = () => Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
  const input = (field: F): TFilterInput => ({
    value: draft[field],
    onChange: (event) => setDraft({ ...draft, [field]: event.target.value }),
  });
  const buttons = (
    <>
      <button type="submit" className="btn btn--primary">
        {searchLabel}
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => {
          setDraft(emptied());
          onApply(emptied());
        }}
      >
        {resetLabel}
      </button>
    </>
  );
  return (
    <form
      {...formProps}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onApply(Object.fromEntries(fields.map((f) => [f, draft[f].trim()])) as Record<F, string>);
      }}
    >
      {children(input)}
      {actionsClassName ? <div className={actionsClassName}>{buttons}</div> : buttons}
    </form>
  );
}

/** Previous / next with the app's "page of pages" between. */
export function Pager({
  page,
  pages,
  onPage,
  labels,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; page: string };
}) {
  return (
    <div className="pager">
      <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </button>
      <span>{labels.page}</span>
      <button
        type="button"
        className="btn btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {labels.next}
      </button>
    </div>
  );
}
