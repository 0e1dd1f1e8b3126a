import type { HTMLAttributes, ReactNode } from 'react';
import { useDrawnCount } from './useDrawnCount';
import styles from './Table.module.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'center' | 'end';
  className?: string;
  /** The cell names its row (`<th scope="row">`), e.g. the subject of a row of averages. */
  rowHeader?: boolean;
  /** The label before the cell on a phone; false for none (a checkbox that has its own name). */
  stackedLabel?: ReactNode | false;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

export interface TableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  caption: ReactNode;
  /** The caption is for screen readers only (a heading above already says it). */
  captionHidden?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Rows of totals under the others, with the same columns. */
  footer?: readonly Row[];
  /** Attributes of a row (e.g. a data- id for the tests, a class for a highlighted row). */
  rowAttributes?: (row: Row) => RowAttributes;
  className?: string;
}

/** Rows drawn with the page; a longer table draws the others in a second pass (useDrawnCount). */
const FIRST_ROWS = 20;

const alignClass = (align: Column<unknown>['align']) => (align === 'end' ? styles.end : align === 'center' ? styles.center : '');

/**
 * A data table. Wide, a real table; narrow (under 600 px of room, e.g. a 360 px phone) each row
 * becomes a card and each cell is preceded by its column's header. The explicit roles keep it a
 * table for screen readers when the CSS changes its display, which otherwise drops the semantics.
 */
export function Table<Row>({ columns, rows, rowKey, caption, captionHidden, empty, footer, rowAttributes, className }: TableProps<Row>) {
  const shown = useDrawnCount(rows.length, FIRST_ROWS);
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  const renderRow = (row: Row) => (
    <tr key={rowKey(row)} role="row" {...rowAttributes?.(row)}>
      {columns.map((c) => {
        const label = c.stackedLabel === undefined ? c.header : c.stackedLabel;
        const content = (
          <>
            {label !== false && (
              <span className={styles.stackedLabel} aria-hidden="true">
                {label}
              </span>
            )}
            <span className={styles.value}>{c.cell(row)}</span>
          </>
        );
        const cellClass = [alignClass(c.align), c.className].filter(Boolean).join(' ') || undefined;
        return c.rowHeader ? (
          <th key={c.key} scope="row" role="rowheader" className={cellClass}>
            {content}
          </th>
        ) : (
          <td key={c.key} role="cell" className={cellClass}>
            {content}
          </td>
        );
      })}
    </tr>
  );

  return (
    <div className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <table role="table" className={styles.table}>
        <caption className={captionHidden ? 'visually-hidden' : styles.caption}>{caption}</caption>
        <thead role="rowgroup" className={styles.head}>
          <tr role="row">
            {columns.map((c) => (
              <th key={c.key} scope="col" role="columnheader" className={[alignClass(c.align), c.className].filter(Boolean).join(' ') || undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{(shown < rows.length ? rows.slice(0, shown) : rows).map(renderRow)}</tbody>
        {footer && footer.length > 0 && (
          <tfoot role="rowgroup" className={styles.foot}>
            {footer.map(renderRow)}
          </tfoot>
        )}
      </table>
    </div>
  );
}
