import { Fragment, useId, type ReactNode } from 'react';
import { CompactItems, CompactRow, CompactStatic, type RowAttributes, type RowParts } from './RowList';
import { useDrawnCount } from './useDrawnCount';
import { usePhone } from './usePhone';
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
  /**
   * Where the cell goes in the compact row of a phone (one line or two per item; a table with no
   * compact column stacks each row as a card instead):
   * - `lead`: first, before the lines (a grade's coloured badge, an absence's symbol);
   * - `title`: the first line; `meta`: the second, smaller (a date, a kind);
   * - `end`: after the lines (an amount, a status);
   * - `control`: a control that stays on the row, outside its disclosure button (a checkbox).
   * Cells of the compact line must not be interactive (except `control`): the line is the button
   * that shows the other cells, labelled, under it.
   */
  compact?: CompactPlace;
  /** What the compact line shows of the cell, when not `cell` (e.g. nothing instead of a dash). */
  compactCell?: (row: Row) => ReactNode;
}

export type CompactPlace = 'lead' | 'title' | 'meta' | 'end' | 'control';

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
 * On a phone, a table whose columns say where they go in a compact row (`compact`) is a list
 * instead: one row of one or two lines per item, which opens in place on the other cells.
 */
export function Table<Row>(props: TableProps<Row>) {
  const { columns, rows, rowKey, caption, captionHidden, empty, footer, rowAttributes, className } = props;
  const shown = useDrawnCount(rows.length, FIRST_ROWS);
  const phone = usePhone();
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  if (phone && columns.some((c) => c.compact !== undefined)) return <CompactList {...props} shown={shown} />;

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

const labelOf = <Row,>(c: Column<Row>) => (c.stackedLabel === undefined ? c.header : c.stackedLabel);

/**
 * The phone's compact rows (`RowList`'s, ui/RowList.tsx): a list named by the caption, one item per
 * row. The item's line opens in place on the row's other cells, each after its column's label,
 * with the row's actions. Footer rows are shown whole, without a button.
 */
function CompactList<Row>({ columns, rows, rowKey, caption, captionHidden, footer, rowAttributes, className, shown }: TableProps<Row> & { shown: number }) {
  const captionId = useId();
  return (
    <div className={[styles.compactWrap, className].filter(Boolean).join(' ')}>
      <p id={captionId} className={captionHidden ? 'visually-hidden' : styles.caption}>
        {caption}
      </p>
      <CompactItems labelledBy={captionId}>
        {(shown < rows.length ? rows.slice(0, shown) : rows).map((row) => (
          <CompactRow key={rowKey(row)} parts={compactParts(row, columns)} attributes={rowAttributes?.(row)} />
        ))}
        {footer?.map((row) => (
          <CompactStatic key={rowKey(row)} attributes={rowAttributes?.(row)}>
            <div className={styles.compactFoot}>
              <CompactDetails row={row} columns={columns} />
            </div>
          </CompactStatic>
        ))}
      </CompactItems>
    </div>
  );
}

const isBlank = (node: ReactNode) => node === null || node === undefined || node === false || node === '';

/** A row's cells in the places of its compact line; its other cells (only those it has) as details. */
function compactParts<Row>(row: Row, columns: readonly Column<Row>[]): RowParts {
  const place = (where: Exclude<CompactPlace, 'control'>) =>
    columns
      .filter((c) => c.compact === where)
      .map((c) => {
        const label = labelOf(c);
        const content = (c.compactCell ?? c.cell)(row);
        return isBlank(content) ? null : (
          <Fragment key={c.key}>
            {/* Read before the value ("Voto 7"), as a column header would be; the eye has the layout. */}
            {label !== false && <span className="visually-hidden">{label} </span>}
            {content}
          </Fragment>
        );
      });
  const controls = columns.filter((c) => c.compact === 'control');
  // Only what this row has: a row whose other cells are all empty has nothing to open.
  const details = columns.filter((c) => c.compact === undefined && !isBlank(c.cell(row)));
  return {
    lead: place('lead'),
    title: place('title'),
    meta: place('meta'),
    end: place('end'),
    control: controls.length > 0 ? controls.map((c) => <Fragment key={c.key}>{c.cell(row)}</Fragment>) : null,
    details:
      details.length > 0 ? (
        <div className={styles.compactDetails}>
          <CompactDetails row={row} columns={details} />
        </div>
      ) : null,
  };
}

/** Cells one under the other, each after its label (none for a cell that names itself). */
function CompactDetails<Row>({ row, columns }: { row: Row; columns: readonly Column<Row>[] }) {
  return (
    <>
      {columns.map((c) => {
        const label = labelOf(c);
        return (
          <div key={c.key} className={label === false ? styles.detailWhole : styles.detail}>
            {label !== false && <span className={styles.detailLabel}>{label}</span>}
            <span className={styles.value}>{c.cell(row)}</span>
          </div>
        );
      })}
    </>
  );
}
