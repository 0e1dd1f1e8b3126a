import { useId, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useDrawnCount } from './useDrawnCount';
import { usePhone } from './usePhone';
import styles from './RowList.module.css';

export type RowAttributes = HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | number | undefined };

type Cells = ReactNode | readonly ReactNode[];

/**
 * What an item shows in its compact row on a phone: one line or two, with the vocabulary of
 * `Table`'s compact columns.
 * - `lead`: first, before the lines (a coloured badge, a symbol);
 * - `title`: the first line; `meta`: the second, smaller (a date, a sender). Several cells of a
 *   line are separated by « · »; a cell wraps whole;
 * - `end`: after the lines (an amount, a status);
 * - `control`: a control that stays on the row, outside the line (a checkbox).
 * The line is a button: with `details` it opens them in place under it (details and actions,
 * `aria-expanded`); with `onOpen` it opens the item elsewhere (a thread beside the list), `current`
 * marking the open one. Without either the line is plain text. Nothing in the line may be
 * interactive: it is inside the button.
 */
export interface RowParts {
  lead?: Cells;
  title: Cells;
  meta?: Cells;
  end?: Cells;
  control?: ReactNode;
  details?: ReactNode;
  onOpen?: () => void;
  current?: boolean;
}

const isBlank = (node: ReactNode) => node === null || node === undefined || node === false || node === '';

function cellsOf(cells: Cells | undefined): ReactNode[] {
  if (cells === undefined) return [];
  const list: readonly ReactNode[] = Array.isArray(cells) ? cells : [cells];
  return list.filter((c) => !isBlank(c)).map((c, i) => (
    <span key={i} className={styles.cell}>
      {c}
    </span>
  ));
}

/** A text cut to one line with an ellipsis in the compact line (its whole is in the details). */
export function OneLine({ children }: { children: ReactNode }) {
  return <span className={styles.oneLine}>{children}</span>;
}

/** One item of a compact list: its line, and its details while open. */
export function CompactRow({ parts, attributes }: { parts: RowParts; attributes?: RowAttributes | undefined }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { control, details, onOpen, current } = parts;
  const line = (
    <>
      <span className={styles.lead}>{cellsOf(parts.lead)}</span>
      <span className={styles.lines}>
        <span className={styles.title}>{cellsOf(parts.title)}</span>
        <span className={styles.meta}>{cellsOf(parts.meta)}</span>
      </span>
      <span className={styles.end}>{cellsOf(parts.end)}</span>
    </>
  );
  const hasDetails = !onOpen && !isBlank(details);
  return (
    <li {...attributes} className={[styles.item, attributes?.className].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        {!isBlank(control) && <span className={styles.control}>{control}</span>}
        {onOpen ? (
          <button type="button" className={styles.line} aria-current={current ? 'true' : undefined} onClick={onOpen}>
            {line}
            <span className={styles.chevron} aria-hidden="true" />
          </button>
        ) : hasDetails ? (
          <button
            type="button"
            className={styles.line}
            aria-expanded={open}
            // The details exist only while open (a list may have a hundred items).
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
          >
            {line}
            <span className={styles.chevron} aria-hidden="true" />
          </button>
        ) : (
          <span className={styles.line}>{line}</span>
        )}
      </div>
      {open && hasDetails && (
        <div id={detailsId} className={styles.details}>
          {details}
        </div>
      )}
    </li>
  );
}

/** The `<ul>` of compact rows, named by a visible heading's id or by a label of its own. */
export function CompactItems({ label, labelledBy, className, children }: { label?: string; labelledBy?: string; className?: string; children: ReactNode }) {
  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')} aria-label={labelledBy ? undefined : label} aria-labelledby={labelledBy}>
      {children}
    </ul>
  );
}

/** A static item of a compact list, shown whole (a table's totals). */
export function CompactStatic({ attributes, children }: { attributes?: RowAttributes | undefined; children: ReactNode }) {
  return (
    <li {...attributes} className={[styles.item, attributes?.className].filter(Boolean).join(' ')}>
      {children}
    </li>
  );
}

interface RowListProps<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => string | number;
  /** What each item shows on a phone (see `RowParts`). */
  row: (item: Item) => RowParts;
  /** The list's name for screen readers, when no heading names it (`labelledBy`). */
  label?: string;
  /** The id of the heading that names the list. */
  labelledBy?: string;
  /** Attributes of an item's `<li>` on a phone (a data- id for the tests, a class for an unread one). */
  itemAttributes?: (item: Item) => RowAttributes;
  className?: string;
  /** The list as a desktop shows it (cards, as before): a phone shows the compact rows instead. */
  children: ReactNode;
}

/** Items drawn with the page; a longer list draws the others in a second pass (useDrawnCount). */
const FIRST_ITEMS = 20;

/**
 * A list of items, the list counterpart of `Table`'s compact mode. On a desktop, the children as
 * they are; on a phone (`usePhone`), a `<ul>` with one compact row per item: one line or two, the
 * details and actions opening in place by a button with `aria-expanded` (docs/ARCHITECTURE.md
 * "Phones").
 */
export function RowList<Item>({ items, itemKey, row, label, labelledBy, itemAttributes, className, children }: RowListProps<Item>) {
  const phone = usePhone();
  const shown = useDrawnCount(phone ? items.length : 0, FIRST_ITEMS);
  if (!phone) return <>{children}</>;
  return (
    <CompactItems label={label} labelledBy={labelledBy} className={className}>
      {(shown < items.length ? items.slice(0, shown) : items).map((item) => (
        <CompactRow key={itemKey(item)} parts={row(item)} attributes={itemAttributes?.(item)} />
      ))}
    </CompactItems>
  );
}
