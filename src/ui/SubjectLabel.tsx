import { SUBJECT_LABEL_MAX, truncateLabel } from '../domain/text';
import { subjectColorIndex } from '../domain/subjects';
import styles from './SubjectLabel.module.css';

interface SubjectLabelProps {
  name: string;
  /** With the subject's id and order, a colour chip identifies the subject across screens. */
  subject?: { id: number; ordinamento: number };
}

/**
 * A subject name cut to 30 characters plus an ellipsis. The full name stays available: to screen
 * readers (hidden text), on hover and when the label's link or button has focus (a tooltip).
 */
export function SubjectLabel({ name, subject }: SubjectLabelProps) {
  const short = truncateLabel(name, SUBJECT_LABEL_MAX);
  const chip = subject ? (
    <span className={styles.chip} data-color={subjectColorIndex(subject)} aria-hidden="true" />
  ) : null;
  if (short === name) {
    return (
      <span className={styles.label}>
        {chip}
        {name}
      </span>
    );
  }
  return (
    <span className={styles.label} data-truncated="">
      {chip}
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{name}</span>
      <span className={styles.tooltip} aria-hidden="true">
        {name}
      </span>
    </span>
  );
}
