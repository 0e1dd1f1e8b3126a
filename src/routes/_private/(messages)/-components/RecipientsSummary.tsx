import { RECIPIENTS_SUMMARY_MAX, truncateLabel } from '../../../../domain/text';
import styles from './Messages.module.css';

/**
 * The recipients cut to 30 characters (docs/product.md#messages); the whole list shows on hover and focus and
 * is what screen readers hear. `focusable` makes the summary itself a tab stop where nothing
 * around it takes the focus.
 */
export function RecipientsSummary({ text, focusable = false }: { text: string; focusable?: boolean }) {
  const short = truncateLabel(text, RECIPIENTS_SUMMARY_MAX);
  if (short === text) return <span>{text}</span>;
  return (
    <span className={styles.summaryHost} title={text} tabIndex={focusable ? 0 : undefined}>
      <span className={styles.summaryShort} aria-hidden="true">
        {short}
      </span>
      <span className={styles.summaryFull}>{text}</span>
    </span>
  );
}
